#!/usr/bin/env bash
# Builds the host code with AddressSanitizer + UndefinedBehaviorSanitizer (no GPU code) and runs
# every test, the GUI tests under their own Xvfb included. Any report fails the run. (Not -Werror:
# GCC 12 warns falsely about std::regex under AddressSanitizer.)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/configure.sh" "$root/build-sanitized" -DSCANSCOPE_CUDA=OFF -DSCANSCOPE_SANITIZE=ON \
    -DSCANSCOPE_WERROR=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
cd "$root/build-sanitized"
# Mesa and GLFW leak on exit by design; leaks are not what this run looks for.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:detect_stack_use_after_return=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
ctest --output-on-failure --parallel "$(nproc)" --timeout 1800 "$@"
