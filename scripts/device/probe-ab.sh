#!/usr/bin/env bash
# An A/B of a kernel experiment on the lent GPU machine, without the project's CMake build: the
# standalone probes (bench/tune) are compiled once for each set of macros the kernel reads, and
# run by turns with each set of options, so that every variant is timed beside the others in
# every round.
#
#   scripts/device/probe-ab.sh DEFINES...
#     DEFINES: NAME=VALUE[,NAME=VALUE...], one probe build each ("-" for none)
#     OPTIONS: option sets for tune_pipeline and lookback_timeline, separated by ';' (default: none)
#     ROUNDS (default 3): rounds of every variant's rows
#     ROWS (default 12): staged-lookback's rows at SIZES (default 24,28); 8 rows (x 256 threads)
#       at 2^20
#     TIMELINE=0: no lookback_timeline run (by default one per variant at 2^24, after the rounds)
#     FLOOR=1: also copy_floor at 2^24 (what moving the bytes alone costs there)
#
# Prints the rows last; every output is also in $OUT.
set -uo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/device-out}"
bin=/tmp/scanscope-probes
values=("$@")
IFS=';' read -r -a options <<<"${OPTIONS:-}"
[ ${#options[@]} -eq 0 ] && options=("")
read -r -a rows <<<"${ROWS:-12}"
mkdir -p "$out" "$bin"
nvcc_flags=(-O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 --expt-relaxed-constexpr
    -I "$root/kernels")

{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1
    echo "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?') plus the working tree;" \
        "builds: ${values[*]}; options: ${OPTIONS:-none}; rows ${rows[*]}"
} | tee "$out/probe-ab.txt"

pids=()
for v in "${!values[@]}"; do
    defines=()
    IFS=',' read -r -a names <<<"${values[$v]}"
    for d in "${names[@]}"; do [ "$d" != - ] && defines+=("-D$d"); done
    for probe in tune_pipeline lookback_timeline; do
        nvcc "${nvcc_flags[@]}" "${defines[@]}" "$root/bench/tune/$probe.cu" -o "$bin/$probe-$v" \
            >"$bin/build-$probe-$v.log" 2>&1 &
        pids+=($!)
    done
done
if [ "${FLOOR:-0}" = 1 ]; then
    nvcc "${nvcc_flags[@]}" "$root/bench/tune/copy_floor.cu" -o "$bin/copy_floor" \
        >"$bin/build-floor.log" 2>&1 &
    pids+=($!)
fi
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=1; done
if [ $failed = 1 ]; then
    echo "build FAILED"
    tail -n 30 "$bin"/build-*.log
    exit 1
fi

for round in $(seq 1 "${ROUNDS:-3}"); do
    for v in "${!values[@]}"; do
        for o in "${options[@]}"; do
            echo "## ${values[$v]} $o, round $round"
            # shellcheck disable=SC2086 # an option set is words
            for r in "${rows[@]}"; do
                "$bin/tune_pipeline-$v" --sizes "${SIZES:-24,28}" --only 0,0,0 --staged 1 \
                    --staged-rows "$r" $o
            done
            "$bin/tune_pipeline-$v" --sizes 20 --only 0,0,0 --staged 1 --staged-rows 8 $o
        done
    done
done 2>&1 | tee -a "$out/probe-ab.txt" >/dev/null

if [ "${TIMELINE:-1}" = 1 ]; then
    for v in "${!values[@]}"; do
        for o in "${options[@]}"; do
            echo "## ${values[$v]} $o: lookback_timeline --sizes 24 --staged 1 $o"
            # shellcheck disable=SC2086
            "$bin/lookback_timeline-$v" --sizes 24 --staged 1 $o
        done
    done >"$out/timeline.txt" 2>&1
fi
[ "${FLOOR:-0}" = 1 ] && "$bin/copy_floor" --log-n 24 >"$out/copy-floor.txt" 2>&1

echo
echo "== rows"
grep -E "^## |^== n|staged-lookback +[0-9]+ rows x 4, (512|256)|specialized|WRONG" "$out/probe-ab.txt"
