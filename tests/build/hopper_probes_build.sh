#!/usr/bin/env bash
# scripts/run.sh builds ScanScope for every classroom GPU (CMake's default architectures, Turing
# on), tuning probes included. The probes use Hopper's instructions, so each must be built for
# sm_90 alone there (bench/CMakeLists.txt): this configures a fresh build with the default
# architectures and builds every standalone probe.
#   hopper_probes_build.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir="$1"
build_dir="$2"
rm -rf "$build_dir"
cmake -S "$source_dir" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DSCANSCOPE_CUDA=ON \
    -DSCANSCOPE_GUI=OFF -DSCANSCOPE_TESTS=OFF >"$build_dir.configure.log" 2>&1 ||
    { cat "$build_dir.configure.log"; exit 1; }
grep -o "CUDA architectures .*" "$build_dir.configure.log"
cmake --build "$build_dir" --parallel "$(nproc)" --target scanscope_tune_pipeline \
    scanscope_copy_floor scanscope_read_floor scanscope_lookback_timeline \
    scanscope_handoff_latency scanscope_memcpy_engine
rm -rf "$build_dir" "$build_dir.configure.log"
