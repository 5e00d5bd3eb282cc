#!/usr/bin/env bash
# Regenerates the README's screenshots with the app itself, under a private Xvfb.
# Usage: scripts/screenshots.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
app="${1:-$root/build}/app/scanscope"
out="$root/assets/screenshots"
mkdir -p "$out"
shoot() {  # name, args...
    local name=$1
    shift
    xvfb-run -a -s "-screen 0 1920x1200x24" "$app" --screenshot "$out/$name.png" "$@"
}
shoot main --size 1600x1000
