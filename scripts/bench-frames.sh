#!/usr/bin/env bash
# Frame time of the window under Xvfb's software OpenGL (Mesa llvmpipe). Each frame builds the UI,
# draws the canvas with the shaders and waits for OpenGL to finish (glFinish). Each case runs
# RUNS times (default 3) of FRAMES frames (default 300, the first 20 left out): the table gives
# the median of the runs' medians and the range of the runs' medians (virtual machines are noisy).
#   scripts/bench-frames.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
app="${1:-$root/build}/app/scanscope"
frames="${FRAMES:-300}"
runs="${RUNS:-3}"

run_median() {  # args... -> one run's median frame time
    xvfb-run -a -s "-screen 0 1920x1200x24" "$app" --screenshot /tmp/scanscope-bench-frames.png \
        --size 1600x1000 --frames "$frames" --benchmark-frames --device cpu "$@" >/tmp/scanscope-frames.txt
    awk '/^frame/ { print $3 }' /tmp/scanscope-frames.txt | tail -n +21 | sort -n |
        awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

measure() {  # label, args...
    local label=$1
    shift
    local medians=()
    for ((i = 0; i < runs; ++i)); do medians+=("$(run_median "$@")"); done
    printf '%s\n' "${medians[@]}" | sort -n |
        awk -v label="$label" '{ a[NR] = $1 } END {
            printf "| %s | %.1f | %.1f - %.1f |\n", label, a[int((NR + 1) / 2)], a[1], a[NR] }'
}

echo "OpenGL renderer: $(run_median --lesson 01-harris-blelloch >/dev/null; sed -n 's/^renderer: //p' /tmp/scanscope-frames.txt)"
echo
echo "| scene (banks panel open in all) | median ms | range of run medians |"
echo "|---|---|---|"
measure "blelloch n=1024, shared-memory view" --variant blelloch --n 1024 --view array --step 6
measure "blelloch n=1024, tree view" --variant blelloch --n 1024 --view tree --step 8
measure "blelloch-padded n=2048, compare view" --variant blelloch-padded --n 2048 --view compare --step 8
measure "scan-then-propagate n=4096, blocks view" --variant scan-then-propagate --n 4096 --view multiblock --step 4
measure "presenter mode, blelloch n=1024, shared-memory view" --presenter --variant blelloch --n 1024 --view array --step 6
measure "presenter mode, blelloch n=1024, tree view" --presenter --variant blelloch --n 1024 --view tree --step 8
# Issue 39's layout: the focus at 4 % of the height, narrowed rows and the overview strip, n = 4096
# (the largest the window captures; one-block scans take 2048 at most).
measure "presenter mode, scan-then-propagate n=4096, blocks view" --presenter --variant scan-then-propagate --n 4096 --view multiblock --step 4
measure "presenter mode, scan-then-propagate n=4096, shared-memory view" --presenter --variant scan-then-propagate --n 4096 --view array --step 4
measure "presenter mode, decoupled-lookback n=4096, look-back view" --presenter --variant decoupled-lookback --n 4096 --view lookback --step 40
measure "presenter mode, blelloch n=2048, tree view" --presenter --variant blelloch --n 2048 --view tree --step 8
