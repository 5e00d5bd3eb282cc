#!/usr/bin/env bash
# Nsight Compute's PM sampling on the lent GPU machine: DRAM throughput over the time of one launch
# (issue 16 asks whether a scan's gap to the copy is at its start, its steps or its end). Profiles,
# at n = 2^SIZE int32: a plain copy kernel (copy_floor's registers, one tile a block),
# staged-lookback's timed shape there (ROWS rows at THREADS threads) and, with SPECIALIZED=1, the
# warp-specialized probe; writes each report's details and its raw sampled metrics to $OUT, and
# prints each sample's read and write throughput (scripts/ncu/pm-timeline.py, which reads the raw
# files again anywhere). INTERVAL: the sampling interval asked of ncu (ncu 2025.3 sampled every
# 1.5 us on the H100 and the H200 whether asked for 100 or 1000).
#
#   scripts/device/dram-over-time.sh [SIZE]      (default 24; ROWS 13, THREADS 256)
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/device-out}"
size="${1:-24}"
rows="${ROWS:-13}"
threads="${THREADS:-256}"
mkdir -p "$out"
cd "$root" || exit 1
# shellcheck disable=SC2054 # -gencode's value holds commas
flags=(-O3 -std=c++17 -lineinfo -gencode=arch=compute_90,code=sm_90 --expt-relaxed-constexpr
    -I kernels)
nvcc "${flags[@]}" bench/tune/tune_pipeline.cu -o /tmp/tune_pipeline &
first=$!
nvcc "${flags[@]}" bench/tune/copy_floor.cu -o /tmp/copy_floor &
second=$!
if ! wait "$first" || ! wait "$second"; then
    echo "build FAILED"
    exit 1
fi
ncu --version | tail -1
sampling=(--section PmSampling --section SpeedOfLight --section LaunchStats
    --pm-sampling-interval "${INTERVAL:-100}")

# name, kernel regex, launches to skip, program and its arguments
profile() {
    local name="$1" regex="$2" skip="$3"
    shift 3
    timeout 300 ncu --clock-control none "${sampling[@]}" --kernel-name-base mangled \
        -k "regex:$regex" --launch-skip "$skip" --launch-count 1 -o "/tmp/$name" -f "$@" \
        >"/tmp/pm-$name-run.txt" 2>&1 || tail -5 "/tmp/pm-$name-run.txt"
    ncu --import "/tmp/$name.ncu-rep" --page details --print-details all \
        >"$out/pm-$name-details.txt" 2>&1
    ncu --import "/tmp/$name.ncu-rep" --page raw --csv --print-metric-instances values \
        >"$out/pm-$name-raw.csv" 2>&1
}
reps=10
profile copy register_copy 5 /tmp/copy_floor --log-n "$size" --reps "$reps"
# --only 0,0,0: no pipelined rows; the staged rows with `rows` come at 512 threads, then 256.
# Each row launches 4 + reps times (a checked run, three warm-ups, the timed runs), not held.
skip_staged=5
[ "$threads" = 256 ] && skip_staged=$((5 + 4 + reps))
profile staged Staged "$skip_staged" /tmp/tune_pipeline --sizes "$size" --only 0,0,0 --staged 1 \
    --staged-rows "$rows" --reps "$reps" --held 0
if [ "${SPECIALIZED:-0}" = 1 ]; then
    profile specialized specialized_scan 5 /tmp/tune_pipeline --sizes "$size" --only 0,0,0 \
        --specialized 1 --first-asks -4 --reps "$reps" --held 0
fi
for name in copy staged specialized; do
    [ -f "$out/pm-$name-raw.csv" ] || continue
    echo "== $name"
    grep -m 1 "DRAM Throughput" "$out/pm-$name-details.txt"
    python3 scripts/ncu/pm-timeline.py "$out/pm-$name-raw.csv"
done
