#!/usr/bin/env bash
# Sets up, builds and runs every test, after a short fuzzing run of the trace reader and the input
# parser. GUI tests start their own Xvfb; GPU tests (label gpu) run
# where a CUDA device exists and are skipped, with the reason, where none does.
# The test build compiles GPU code only for the card present (or for sm_90 where none is), to
# stay fast; scripts/run.sh builds for every classroom GPU.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" --tests

archs="90-real"
if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then archs="native"; fi
"$root/scripts/configure.sh" "$root/build-tests" -DSCANSCOPE_WERROR=ON \
    "-DCMAKE_CUDA_ARCHITECTURES=$archs"
# The browser build, which the browser tests (label web) load in headless chromium.
"$root/scripts/web.sh" "$root/build-web"
# The fuzz targets, a fixed number of inputs each (scripts/fuzz.sh runs them longer), then the tests.
"$root/scripts/fuzz.sh" 20000
cd "$root/build-tests"
ctest --output-on-failure --parallel "$(nproc)" --timeout 1200
