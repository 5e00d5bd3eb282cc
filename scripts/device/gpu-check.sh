#!/usr/bin/env bash
# The whole GPU session in one call on the lent machine (see ../shared/DEVICE.md and README.md):
# unpack the carried Debian packages without touching /, build with SCANSCOPE_GUI=OFF, then run
# the stages asked for, and print a short summary last. Logs and results go to $OUT (bundled into
# a few tarballs: the device tool brings back at most eight files).
#
#   scripts/device/gpu-check.sh [STAGE...]
#     build     configure and build (always first); BUILD_TARGETS="scanscope ..." builds only those
#               (the app alone is enough for apps, bench and repeat)
#     test      ctest -L gpu, then the other tests (not with GPU_ONLY=1)
#     sanitize  compute-sanitizer memcheck and racecheck on every variant (timed and capturing);
#               SANITIZE_VARIANTS="a|b" limits it to those variants; SANITIZE_LARGE="n..." adds
#               memcheck and racecheck of the timed shape at those sizes (for the variants that
#               take any n)
#     ncu       Nsight Compute's shared-memory counters for the single-block variants
#     lookback  the single-pass scans' counters beside the prediction, REPEATS (5) times
#     sass      cuobjdump --dump-sass of the kernels
#     tune      the timed-shape sweep (bench/tune/tune_shapes.cu) beside CUB and a copy
#     pipeline  pipelined-lookback's shapes (bench/tune/tune_pipeline.cu) beside CUB and a copy
#     spacing   both single-pass scans with packed descriptors and with one a 128-byte line
#     floor     bench/tune/copy_floor.cu: what each way of moving tiles reaches without a scan
#     reset     both single-pass scans, descriptors zeroed by a memset launch or by turns
#     read      bench/tune/read_floor.cu: what a pass that only reads reaches (under reductions)
#     timeline  bench/tune/lookback_timeline.cu: where a tile's time goes in decoupled-lookback
#     persist   tune_pipeline --staged 1: staged-lookback's shapes beside the other single-pass
#               scans, CUB and the copy
#     hostile   the sandbox on the GPU path: grade --device gpu over tests/data/hostile-kernels
#               beside an honest kernel (hostile/ in $OUT); then the single-pass scans' table at
#               2^24 and 2^28 beside CUB and the copy
#     apps      the applications of scan beside CUB and the copy: scanscope bench of
#               compact-lookback and segmented-lookback at 2^20, 2^24 and 2^28, int32 and float32,
#               exclusive and (int32) inclusive (apps/ in $OUT); with APPS_TUNE=1 also
#               compact-lookback's shape sweep (scanscope_tune_compact); and summed-area-lookback
#               at 2^20, 2^24 and 2^28 (square tables), int32 and float32, beside CUB's four
#               launches and the copy; with APPS_TUNE_SAT=1 its shape sweep
#               (scanscope_tune_summed_area); and radix-sort-onesweep at 2^20, 2^24 and 2^28
#               (keys of all 32 bits), int32 and float32, beside DeviceRadixSort::SortKeys and
#               the copy (with APPS_TUNE_SORT=1 its shape sweep, scanscope_tune_onesweep);
#               APPS_ONLY=sat or APPS_ONLY=sort runs only that part, APPS_ONLY=scans only
#               compact-lookback and segmented-lookback (with APPS_TUNE_SEGMENTED=1 first
#               segmented-lookback's shape sweep, scanscope_tune_segmented); APPS_TYPES=float
#               (or int) times only that type of those two
#     bench     scanscope bench, default variants and sizes, as table and CSV (bench/ in $OUT)
#     repeat    REPEATS (default 3) runs of the single-pass scans' tables at 2^20, 2^24 and 2^28
#               beside CUB and the copy (repeat/ in $OUT): int32, float32, and int32 timed with the
#               host's launch calls included (--include-launch): how much a ratio moves between runs
#   default: build test
set -uo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/device-out}"
build="${SCANSCOPE_GPU_BUILD:-/tmp/scanscope-gpu-build}"
logs="$out/logs"
mkdir -p "$logs"
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(build test)
summary=()
app="$build/app/scanscope"

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
        >"$logs/configure.log" 2>&1 &&
        cmake --build "$build" --parallel "$(nproc)" ${BUILD_TARGETS:+--target $BUILD_TARGETS} \
            >"$logs/build.log" 2>&1; then
        note "build" "ok ($(grep -c -i 'warning' "$logs/build.log") warning lines)"
        return 0
    fi
    note "build" "FAILED (see logs/build.log)"
    tail -n 40 "$logs/configure.log" "$logs/build.log"
    return 1
}

ctest_summary() {  # label, log
    local line
    line=$(grep -E '^[0-9]+% tests passed' "$2" | tail -1)
    note "$1" "${line:-no result (see logs/$(basename "$2"))}"
}

# The plain CUDA front end needs clang 14's LibTooling, which the GPU machine lacks and the device
# tool cannot carry: there its rewrites of the test kernels, recorded on the development machine
# by scripts/device/pack-cuda-front.py, stand in for it.
use_recorded_front() {
    [ -x "$build/app/scanscope-cuda-front" ] && { note "cuda front end" "built"; return; }
    local recorded="$root/.device-cuda-front/scanscope-cuda-front"
    if [ -x "$recorded" ]; then
        export SCANSCOPE_CUDA_FRONT="$recorded"
        note "cuda front end" "recorded rewrites ($(grep -c ') # ' "$recorded") files)"
    else
        note "cuda front end" "none: plain CUDA GPU tests fail"
    fi
}

stage_test() {
    use_recorded_front
    (cd "$build" && ctest -L gpu --output-on-failure --timeout 900 -j 4) >"$logs/ctest-gpu.log" 2>&1
    ctest_summary "ctest -L gpu" "$logs/ctest-gpu.log"
    # Every test's output, passed or not (the sanitizer oracle's per-seed lines among them).
    cp "$build/Testing/Temporary/LastTest.log" "$logs/ctest-gpu-full.log" 2>/dev/null
    grep -E "shared stores over|oracle is not built" "$logs/ctest-gpu-full.log" | head -10
    grep -E "\*\*\*Failed|\*\*\*Skipped|Failure|Expected|Which is|first_difference" "$logs/ctest-gpu.log" | head -30
    [ -n "${GPU_ONLY:-}" ] && { note "ctest (not gpu)" "skipped (GPU_ONLY)"; return; }
    (cd "$build" && ctest -LE gpu --output-on-failure --timeout 900 -j 8) >"$logs/ctest-rest.log" 2>&1
    ctest_summary "ctest (not gpu)" "$logs/ctest-rest.log"
}

# One variant under one sanitizer tool; prints "tool variant n mode: verdict".
sanitize_one() {  # tool variant n mode(run|capture|timed)
    local tool=$1 variant=$2 n=$3 mode=$4 log="$logs/sanitizer/$1-$2-$3-$4.log" args
    args=(--variant "$variant" --n "$n" --device gpu)
    case $mode in
        capture) args=(capture "${args[@]}" --out "/tmp/san-$tool-$variant-$n.json") ;;
        timed) args=(run "${args[@]}" --shape timed) ;;
        *) args=(run "${args[@]}") ;;
    esac
    compute-sanitizer --tool "$tool" --error-exitcode 99 --print-limit 20 "$app" "${args[@]}" >"$log" 2>&1
    local rc=$?
    local verdict="clean"
    [ $rc -eq 99 ] && verdict="REPORTS $(grep -m1 -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log")"
    [ $rc -ne 0 ] && [ $rc -ne 99 ] && verdict="exit $rc"
    echo "$tool $variant $n $mode: $verdict"
}
export -f sanitize_one
export app logs

stage_sanitize() {
    mkdir -p "$logs/sanitizer"
    local jobs=()
    while read -r variant max; do
        local sizes=(1000)
        [ "$max" = "any" ] && sizes=(1000 100000)
        for n in "${sizes[@]}"; do
            for tool in memcheck racecheck synccheck initcheck; do
                # synccheck and initcheck are slow: the teaching size only.
                [ "$n" != 1000 ] && [ "$tool" != memcheck ] && [ "$tool" != racecheck ] && continue
                jobs+=("$tool $variant $n run")
                [ "$max" = "any" ] && jobs+=("$tool $variant $n timed")
                [ "$n" = 1000 ] && jobs+=("$tool $variant $n capture")
            done
        done
        if [ "$max" = "any" ]; then
            for n in ${SANITIZE_LARGE:-}; do
                jobs+=("memcheck $variant $n timed" "racecheck $variant $n timed")
            done
        fi
    done < <("$app" list | awk 'NR > 1 { split($3, r, "\\.\\."); print $1, (r[2] == "" ? "any" : r[2]) }' |
        grep -E "^(${SANITIZE_VARIANTS:-[a-z-]+}) ")
    printf '%s\n' "${jobs[@]}" | xargs -P 6 -L 1 bash -c 'sanitize_one "$@"' _ | sort >"$logs/sanitizer-summary.txt"
    local dirty
    dirty=$(grep -v ": clean" "$logs/sanitizer-summary.txt" | grep -vc "hillis-steele-inplace")
    note "compute-sanitizer" "$(grep -c ': clean' "$logs/sanitizer-summary.txt")/${#jobs[@]} clean; $dirty unexpected"
    grep -v ": clean" "$logs/sanitizer-summary.txt"
    sanitizer_tables
}

# bench/sanitizers/: every job's verdict, and ScanScope's hazard verdict (from the GPU's own trace)
# beside racecheck's for each variant.
sanitizer_tables() {
    local md="$out/sanitizers.md" variant
    {
        echo "# compute-sanitizer on every variant"
        echo
        echo "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader), $(date -u +%F)."
        echo "\`scripts/device/gpu-check.sh build sanitize\`; \`run\` is the plain (timed) kernel"
        echo "of the teaching shape, \`timed\` the benchmark's shape, \`capture\` the recording kernel."
        echo
        echo "| tool | variant | n | mode | verdict |"
        echo "|---|---|---|---|---|"
        sed -E 's/^([a-z]+) ([a-z-]+) ([0-9]+) ([a-z]+): (.*)$/| \1 | \2 | \3 | \4 | \5 |/' \
            "$logs/sanitizer-summary.txt"
        echo
        echo "## Hazards: ScanScope's verdict against racecheck's"
        echo
        echo "ScanScope: \`scanscope analyze --variant V --n 1000 --device gpu --json\` (hazards in the"
        echo "trace the GPU captured); racecheck: the plain kernel of the same size."
        echo
        echo "| variant | ScanScope | racecheck |"
        echo "|---|---|---|"
        for variant in $("$app" list | awk 'NR > 1 { print $1 }'); do
            local ours theirs
            ours=$("$app" analyze --variant "$variant" --n 1000 --device gpu --json 2>/dev/null |
                python3 -c 'import json,sys; h=json.load(sys.stdin)["hazards"]; print("hazards (%d, %d between warps)" % (h["count"], h["between_warps"]) if h["count"] else "none")' 2>/dev/null || echo "?")
            theirs=$(grep "^racecheck $variant 1000 run:" "$logs/sanitizer-summary.txt" | sed 's/.*: //')
            echo "| $variant | $ours | $theirs |"
        done
    } >"$md"
}

stage_ncu() {
    # Nsight Compute's counters beside ScanScope's prediction, with the raw CSV files kept.
    python3 "$root/scripts/ncu/compare.py" --scanscope "$app" --run-ncu --save-dir "$out/ncu" \
        --out "$out/ncu/comparison.md" >"$logs/ncu-compare.log" 2>&1
    local rc=$?
    note "ncu comparison" "$([ $rc -eq 0 ] && echo "all figures equal" || echo "exit $rc (see ncu/comparison.md)")"
    tail -3 "$logs/ncu-compare.log"
}

stage_lookback() {
    # The single-pass scans' counters beside the prediction, REPEATS times (default 5): whether a
    # difference comes back run after run (bench/ncu/lookback-cases.txt).
    mkdir -p "$out/lookback"
    local r equal=0 runs=${REPEATS:-5}
    for r in $(seq 1 "$runs"); do
        python3 "$root/scripts/ncu/compare.py" --scanscope "$app" --run-ncu \
            --cases "$root/bench/ncu/lookback-cases.txt" --save-dir "$out/lookback/run-$r" \
            --out "$out/lookback/comparison-$r.md" >"$logs/lookback-$r.log" 2>&1 && equal=$((equal + 1))
    done
    note "lookback ncu" "$equal of $runs runs with every figure equal (lookback/)"
    grep -h "lookback" "$out"/lookback/comparison-*.md | sort | uniq -c | head -20
}

stage_sass() {
    cuobjdump --dump-sass "$app" >"$out/scanscope.sass" 2>"$logs/sass.log"
    note "sass" "$(grep -c 'Function :' "$out/scanscope.sass") kernels dumped"
}

stage_tune() {
    "$build/bench/scanscope_tune" >"$out/tune.txt" 2>&1
    local rc=$?
    note "tune sweep" "$([ $rc -eq 0 ] && echo "done (tune.txt)" || echo "exit $rc (see tune.txt)")"
    grep "==" "$out/tune.txt"
}

stage_pipeline() {
    "$build/bench/scanscope_tune_pipeline" --sizes 20,24,28 >"$out/tune-pipeline.txt" 2>&1
    local rc=$?
    note "pipeline sweep" "$([ $rc -eq 0 ] && echo "done (tune-pipeline.txt)" || echo "exit $rc")"
    cat "$out/tune-pipeline.txt"
}

# Three alternating runs of both single-pass scans' timed shapes with tune_pipeline's --OPTION set
# to each value in turn, into $out/FILE.
alternate_pipeline() {  # option, file, values...
    local option=$1 file=$2 run value
    shift 2
    for run in 1 2 3; do
        for value in "$@"; do
            echo "## $option $value, run $run"
            "$build/bench/scanscope_tune_pipeline" --sizes 20,24,28 --only 8,3,512 \
                "--$option" "$value" | grep -E "==|lookback"
        done
    done >"$out/$file" 2>&1
    note "$option A/B" "done ($file)"
    cat "$out/$file"
}

# Descriptors packed (spacing 1) against one a 128-byte line (16) (bench/tuning.md: the
# look-back's L2 line).
stage_spacing() { alternate_pipeline spacing spacing.txt 1 16; }

stage_floor() {
    "$build/bench/scanscope_copy_floor" --log-n 28 >"$out/copy-floor.txt" 2>&1
    note "copy floor" "exit $? (copy-floor.txt)"
    cat "$out/copy-floor.txt"
}

# A memset launch before each launch against two sets of descriptors used by turns
# (TileDescriptors::ready_next_launch).
stage_reset() { alternate_pipeline reset reset.txt memset turns; }

# Nominal bandwidth as the issue states it (NVIDIA's data sheets): H100 SXM 3.35 TB/s, H200 4.8.
stage_read() {
    local name nominal=0
    name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
    case $name in
        *H200*) nominal=4800 ;;
        *H100*) nominal=3350 ;;
    esac
    {
        echo "$name, memory clock $(nvidia-smi --query-gpu=clocks.max.memory --format=csv,noheader | head -1)"
        "$build/bench/scanscope_read_floor" --log-n 28 --nominal-gbs "$nominal"
    } >"$out/read-floor.txt" 2>&1
    note "read floor" "exit $? (read-floor.txt)"
    cat "$out/read-floor.txt"
}

stage_timeline() {
    {
        echo "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
        "$build/bench/scanscope_lookback_timeline" --sizes 24,28 --staged 1
    } >"$out/lookback-timeline.txt" 2>&1
    note "timeline" "exit $? (lookback-timeline.txt)"
    cat "$out/lookback-timeline.txt"
}

stage_persist() {
    "$build/bench/scanscope_tune_pipeline" --sizes 20,24,28 --only 8,3,512 --staged 1 \
        >"$out/persistent.txt" 2>&1
    note "persistent" "exit $? (persistent.txt)"
    cat "$out/persistent.txt"
}

stage_hostile() {
    mkdir -p "$out/hostile"
    local class=/tmp/scanscope-hostile-class
    rm -rf "$class" /tmp/scanscope-hostile-cache && mkdir -p "$class"
    cp "$root"/tests/data/hostile-kernels/*.h "$class"/
    cp "$root"/tests/data/student-kernels/blelloch_copy.h "$class"/honest.h
    XDG_CACHE_HOME=/tmp/scanscope-hostile-cache "$app" grade --kernels "$class" --device gpu \
        --n 64,1024 --format csv >"$out/hostile/grade-gpu.csv" 2>"$logs/hostile.log"
    local rc=$?
    sleep 4  # the orphans would write 3 s after they were made
    {
        echo "grade exit code: $rc"
        echo "left behind: $(ls "$class" | grep -vc '\.h$') files in the class folder," \
            "$(ls /tmp/scanscope-hostile-orphan 2>/dev/null | wc -l) orphan files," \
            "$(grep -lE '^ss-(orphan|flood|memory)' /proc/[0-9]*/comm 2>/dev/null | wc -l) processes"
    } | tee "$out/hostile/containment.txt"
    note "hostile (gpu)" "exit $rc, $(($(wc -l <"$out/hostile/grade-gpu.csv") - 1)) rows"
    cat "$out/hostile/grade-gpu.csv"
    "$app" bench --sizes 2^24,2^28 --format table --no-cpu \
        --variants staged-lookback,pipelined-lookback,decoupled-lookback \
        --out "$out/hostile/scans-table.txt" >/dev/null 2>>"$logs/hostile.log"
    cat "$out/hostile/scans-table.txt"
}

stage_bench() {
    mkdir -p "$out/bench"
    local args=(bench --format csv --out "$out/bench/bench.csv")
    "$app" "${args[@]}" >/dev/null 2>"$logs/bench.log"
    local rc=$?
    "$app" bench --sizes 2^20,2^24,2^28 --format table --no-cpu --out "$out/bench/bench-table.txt" \
        >/dev/null 2>>"$logs/bench.log"
    "$app" bench --sizes 2^20,2^24,2^28 --format table --no-cpu --type float \
        --variants staged-lookback,pipelined-lookback,decoupled-lookback \
        --out "$out/bench/bench-table-float.txt" >/dev/null 2>>"$logs/bench.log"
    echo "scanscope ${args[*]}" >"$out/bench/command.txt"
    note "bench" "$([ $rc -eq 0 ] && echo "done (bench/)" || echo "exit $rc (see logs/bench.log)")"
    cat "$out/bench/bench-table.txt" "$out/bench/bench-table-float.txt"
}

# scanscope bench of one VARIANT at 2^20, 2^24 and 2^28, int32 and float32, as a table and as CSV
# (apps/bench-NAME-TYPE.txt, .csv), and the command (apps/command-NAME.txt); the last failure's
# exit status.
bench_both_types() {
    local variant="$1" name="$2" type format status=0
    for type in int float; do
        for format in table csv; do
            local file="$out/apps/bench-$name-$type.$([ "$format" = table ] && echo txt || echo csv)"
            "$app" bench --variants "$variant" --sizes 2^20,2^24,2^28 --no-cpu --type "$type" \
                --format "$format" --out "$file" >/dev/null 2>>"$logs/apps.log" || status=$?
        done
    done
    echo "scanscope bench --variants $variant --sizes 2^20,2^24,2^28 --no-cpu --type int|float" \
        >"$out/apps/command-$name.txt"
    return $status
}

stage_apps() {
    mkdir -p "$out/apps"
    local rc=0
    # The stage's line in the summary, and its tables (uses the caller's rc).
    apps_done() {
        note "apps" "$([ $rc -eq 0 ] && echo "done (apps/)" || echo "exit $rc (see logs/apps.log)")"
        cat "$out/apps/"bench-*.txt
    }
    # compact-lookback's shape sweep, when asked for (its record: bench/tuning.md).
    if [ "${APPS_TUNE:-0}" = 1 ]; then
        "$build/bench/scanscope_tune_compact" >"$out/apps/tune-compact.txt" 2>&1 || rc=$?
    fi
    if [ "${APPS_TUNE_SORT:-0}" = 1 ]; then
        "$build/bench/scanscope_tune_onesweep" >"$out/apps/tune-onesweep.txt" 2>&1 || rc=$?
        cat "$out/apps/tune-onesweep.txt"
    fi
    if [ "${APPS_TUNE_SAT:-0}" = 1 ]; then
        "$build/bench/scanscope_tune_summed_area" >"$out/apps/tune-summed-area.txt" 2>&1 || rc=$?
        cat "$out/apps/tune-summed-area.txt"
    fi
    if [ "${APPS_TUNE_SEGMENTED:-0}" = 1 ]; then
        "$build/bench/scanscope_tune_segmented" >"$out/apps/tune-segmented.txt" 2>&1 || rc=$?
        cat "$out/apps/tune-segmented.txt"
    fi
    local type
    if [ "${APPS_ONLY:-}" != scans ]; then
        bench_both_types radix-sort-onesweep sort || rc=$?  # keys of 32 bits, random: four passes
        if [ "${APPS_ONLY:-}" = sort ]; then apps_done; return; fi
        bench_both_types summed-area-lookback sat || rc=$?  # a summed-area table has one form
        if [ "${APPS_ONLY:-}" = sat ]; then apps_done; return; fi
    fi
    local variants="compact-lookback,segmented-lookback" form
    for type in ${APPS_TYPES:-int float}; do
        for form in exclusive inclusive; do
            [ "$type" = float ] && [ "$form" = inclusive ] && continue
            local name="bench-$type-$form" forms=()
            [ "$form" = exclusive ] && forms=(--exclusive)  # (the bench's default: inclusive)
            "$app" bench --variants "$variants" --sizes 2^20,2^24,2^28 --no-cpu --type "$type" \
                "${forms[@]}" --format table --out "$out/apps/$name.txt" >/dev/null \
                2>>"$logs/apps.log" || rc=$?
            "$app" bench --variants "$variants" --sizes 2^20,2^24,2^28 --no-cpu --type "$type" \
                "${forms[@]}" --format csv --out "$out/apps/$name.csv" >/dev/null \
                2>>"$logs/apps.log" || rc=$?
        done
    done
    echo "scanscope bench --variants $variants --sizes 2^20,2^24,2^28 --no-cpu" \
        "--type int|float [--exclusive] (float: exclusive only)" >"$out/apps/command.txt"
    apps_done
}

stage_repeat() {
    mkdir -p "$out/repeat"
    local run type rc=0
    for run in $(seq 1 "${REPEATS:-3}"); do
        for type in int float int-launch; do
            local flags=(--type "${type%-launch}")
            [ "$type" = int-launch ] && flags+=(--include-launch)
            "$app" bench --sizes 2^20,2^24,2^28 --format table --no-cpu "${flags[@]}" \
                --variants staged-lookback,pipelined-lookback,decoupled-lookback \
                --out "$out/repeat/table-$type-$run.txt" >/dev/null 2>>"$logs/repeat.log" || rc=$?
        done
    done
    note "repeat" "$([ $rc -eq 0 ] && echo "done (repeat/)" || echo "exit $rc (see logs/repeat.log)")"
    grep -hE "^(CUB DeviceScan|staged|device copy)" "$out"/repeat/table-*.txt
    tar -czf "$out/repeat.tar.gz" -C "$out" repeat && rm -rf "$out/repeat"
}

{
    echo "== machine"
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>&1
    nvcc --version | tail -2
    cmake --version | head -1
    g++ --version | head -1
} | tee "$logs/machine.log"

unpack_debs
if stage_build && [ -x "$app" ]; then
    "$app" info | tee "$logs/info.log"
    wants test && stage_test
    wants sanitize && stage_sanitize
    wants ncu && stage_ncu
    wants lookback && stage_lookback
    wants sass && stage_sass
    wants tune && stage_tune
    wants pipeline && stage_pipeline
    wants spacing && stage_spacing
    wants floor && stage_floor
    wants reset && stage_reset
    wants read && stage_read
    wants timeline && stage_timeline
    wants persist && stage_persist
    wants hostile && stage_hostile
    wants apps && stage_apps
    wants bench && stage_bench
    wants repeat && stage_repeat
fi

tar -czf "$out/logs.tar.gz" -C "$out" logs && rm -rf "$logs"
[ -d "$out/ncu" ] && tar -czf "$out/ncu.tar.gz" -C "$out" ncu && rm -rf "$out/ncu"
[ -f "$out/scanscope.sass" ] && gzip -f "$out/scanscope.sass"
[ -d "$out/apps" ] && tar -czf "$out/apps.tar.gz" -C "$out" apps && rm -rf "$out/apps"

echo
echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ))"
printf '%s\n' "${summary[@]}"
