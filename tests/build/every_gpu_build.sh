#!/usr/bin/env bash
# scripts/run.sh builds ScanScope's GPU code for every classroom GPU (CMake's default
# architectures, Turing on), where the test build compiles for one. Code that only some of them
# have must be kept to them: cp.async to sm_80 on (core/async_copy.h), the Hopper probes to sm_90
# alone (bench/CMakeLists.txt). This configures a fresh build with the default architectures and
# builds every target with GPU code: the kernels, the GPU tests and the probes.
#   every_gpu_build.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir="$1"
build_dir="$2"
log="$build_dir.log"
rm -rf "$build_dir"
if ! cmake -S "$source_dir" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DSCANSCOPE_CUDA=ON \
    -DSCANSCOPE_GUI=OFF >"$log" 2>&1; then
    cat "$log"
    exit 1
fi
grep -o "CUDA architectures .*" "$log"
if ! cmake --build "$build_dir" --parallel "$(nproc)" --target scanscope_kernels \
    scanscope_gpu_tests scanscope_tune scanscope_tune_pipeline scanscope_copy_floor \
    scanscope_read_floor scanscope_lookback_timeline scanscope_handoff_latency \
    scanscope_memcpy_engine scanscope_copy_cache_ops scanscope_launch_floor >"$log" 2>&1; then
    grep -m 20 -i "error" "$log"
    exit 1
fi
echo "built for every architecture"
rm -rf "$build_dir" "$log"
