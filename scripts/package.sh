#!/usr/bin/env bash
# Makes the lab's package, build/package/scanscope_<version>_amd64.deb (GPU code for every
# classroom GPU, as scripts/run.sh builds), and prints how to install it. The test suite checks a
# package of its own build the same way (tests/package/check_deb.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" --tests  # help2man (the man page) and dpkg-dev (dpkg-shlibdeps) among them
"$root/scripts/configure.sh" "$root/build" >/dev/null
cpack --config "$root/build/CPackConfig.cmake" -G DEB -B "$root/build/package" >/dev/null
deb="$(ls "$root"/build/package/scanscope_*_*.deb)"
echo "$deb"
echo "install it with: sudo apt-get install $deb"
