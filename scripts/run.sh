#!/usr/bin/env bash
# Sets up, builds and starts ScanScope. Arguments go to the app (e.g. --ui-scale 2).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/configure.sh" "$root/build" >/dev/null
exec "$root/build/app/scanscope" "$@"
