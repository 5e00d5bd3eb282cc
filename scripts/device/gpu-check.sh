#!/usr/bin/env bash
# The whole GPU session in one call on the lent machine (see ../shared/DEVICE.md and README.md):
# unpack the carried Debian packages without touching /, build with SCANSCOPE_GUI=OFF, run the
# tests (label gpu, then the rest), and print a short summary last. Logs go to $OUT.
#
#   scripts/device/gpu-check.sh [STAGE...]     stages: build test (default: build test)
set -uo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/device-out}"
build="${SCANSCOPE_GPU_BUILD:-/tmp/scanscope-gpu-build}"
mkdir -p "$out"
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(build test)
summary=()

note() { summary+=("$(printf '%-22s %s' "$1" "$2")"); }
wants() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }

unpack_debs() {
    # Never `dpkg -x` into /: it replaces the /lib symlink and breaks the compiler.
    local debs=("$root"/.device-debs/*.deb)
    [ -e "${debs[0]}" ] || { note "packages" "none carried"; return; }
    rm -rf /tmp/scanscope-debs && mkdir -p /tmp/scanscope-debs
    for f in "${debs[@]}"; do dpkg -x "$f" /tmp/scanscope-debs; done
    cp -an /tmp/scanscope-debs/usr/. /usr/ 2>&1 | grep -v "non-portable" || true
    [ -d /tmp/scanscope-debs/lib ] && cp -an /tmp/scanscope-debs/lib/. /usr/lib/
    ldconfig
    note "packages" "${#debs[@]} unpacked"
}

stage_build() {
    local generator=()
    command -v ninja >/dev/null && generator=(-G Ninja)
    if cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
        -DSCANSCOPE_GUI=OFF -DSCANSCOPE_WERROR=ON -DCMAKE_CUDA_ARCHITECTURES=90-real \
        >"$out/configure.log" 2>&1 &&
        cmake --build "$build" --parallel "$(nproc)" >"$out/build.log" 2>&1; then
        note "build" "ok ($(grep -c -i 'warning' "$out/build.log") warning lines)"
        return 0
    fi
    note "build" "FAILED (see build.log / configure.log)"
    tail -40 "$out/configure.log" "$out/build.log"
    return 1
}

ctest_summary() {  # label, log
    local line
    line=$(grep -E '^[0-9]+% tests passed' "$2" | tail -1)
    note "$1" "${line:-no result (see $(basename "$2"))}"
}

stage_test() {
    (cd "$build" && ctest -L gpu --output-on-failure --timeout 900) >"$out/ctest-gpu.log" 2>&1
    ctest_summary "ctest -L gpu" "$out/ctest-gpu.log"
    grep -E "Skipped|Failed|\*\*\*" "$out/ctest-gpu.log" | head -20
    (cd "$build" && ctest -LE gpu --output-on-failure --timeout 900) >"$out/ctest-rest.log" 2>&1
    ctest_summary "ctest (not gpu)" "$out/ctest-rest.log"
}

{
    echo "== machine"
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>&1
    nvcc --version | tail -2
    cmake --version | head -1
    g++ --version | head -1
} | tee "$out/machine.log"

unpack_debs
built=1
if wants build; then stage_build || built=0; fi
if [ $built -eq 1 ] && [ -x "$build/app/scanscope" ]; then
    "$build/app/scanscope" info | tee "$out/info.log"
    wants test && stage_test
fi

echo
echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ))"
printf '%s\n' "${summary[@]}"
