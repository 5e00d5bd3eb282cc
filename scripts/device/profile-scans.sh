#!/usr/bin/env bash
# Nsight Compute on the lent GPU machine: where the single-pass scans spend their time. Builds the
# standalone shape sweep (bench/tune/tune_pipeline.cu), profiles one launch of decoupled-lookback's
# timed shape, one of pipelined-lookback's (R rows, S stages, T threads) and one of
# staged-lookback's at n = 2^SIZE, and
# writes each report's details and per-instruction stall samples (SASS, CSV) to $OUT.
#
#   scripts/device/profile-scans.sh [R,S,T] [SIZE]      (default 8,3,512 and 24)
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${OUT:-$root/device-out}"
shape="${1:-8,3,512}"
size="${2:-24}"
mkdir -p "$out"
cd "$root" || exit 1
nvcc -O3 -std=c++17 -lineinfo -gencode=arch=compute_90,code=sm_90 --expt-relaxed-constexpr \
    -I kernels bench/tune/tune_pipeline.cu -o /tmp/tune_pipeline || exit 1
sections=(--section SpeedOfLight --section WarpStateStats --section SourceCounters
    --section MemoryWorkloadAnalysis --section Occupancy --section SchedulerStats
    --section LaunchStats)
profile() {  # name, kernel regex, --only shape
    timeout 300 ncu --clock-control none "${sections[@]}" --kernel-name-base mangled -k "regex:$2" --launch-skip 5 \
        --launch-count 1 -o "/tmp/$1" -f /tmp/tune_pipeline --sizes "$size" --only "$3" \
        >"$out/ncu-$1-run.txt" 2>&1
    ncu --import "/tmp/$1.ncu-rep" --page details >"$out/ncu-$1-details.txt" 2>&1
    ncu --import "/tmp/$1.ncu-rep" --page source --csv --print-source sass \
        >"$out/ncu-$1-source.csv" 2>&1
}
profile decoupled Decoupled 1,1,1
profile pipelined Pipelined "$shape"
# staged-lookback's timed shape (12 rows; the --only filter leaves one pipelined row).
timeout 300 ncu --clock-control none "${sections[@]}" --kernel-name-base mangled -k "regex:Staged" \
    --launch-skip 5 --launch-count 1 -o /tmp/staged -f /tmp/tune_pipeline --sizes "$size" \
    --only 1,1,1 --staged 1 --staged-rows 12 >"$out/ncu-staged-run.txt" 2>&1
ncu --import /tmp/staged.ncu-rep --page details >"$out/ncu-staged-details.txt" 2>&1
ncu --import /tmp/staged.ncu-rep --page source --csv --print-source sass \
    >"$out/ncu-staged-source.csv" 2>&1
grep -E "DRAM Throughput|Duration|Achieved Occupancy|Warp Cycles Per Issued|No Eligible" \
    "$out"/ncu-*-details.txt
