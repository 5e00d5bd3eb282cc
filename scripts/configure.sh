#!/usr/bin/env bash
# Configures and builds ScanScope into BUILD_DIR (default: build/). Extra arguments go to CMake.
# Usage: scripts/configure.sh BUILD_DIR [cmake args...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build_dir="${1:-$root/build}"
shift || true
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$build_dir" --parallel "$(nproc)"
