#!/usr/bin/env bash
# The lab's package: `cpack -G DEB` in the build folder makes scanscope_<version>_<arch>.deb; this
# checks what it holds and names, that apt would install it on this Debian (--simulate: nothing is
# installed), and that the unpacked tree runs: --version, list, a capture, from its own data.
#   check_deb.sh BUILD_DIR
set -euo pipefail
build="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; exit 1; }
deb="$(ls "$work"/scanscope_*_*.deb)"
echo "made $(basename "$deb") ($(du -h "$deb" | cut -f1))"

fail() { echo "check_deb: $*" >&2; exit 1; }
contents="$(dpkg-deb -c "$deb")"
for path in ./usr/bin/scanscope ./usr/share/scanscope/assets/lessons/01-harris-blelloch.json \
    ./usr/share/scanscope/assets/templates/ ./usr/share/scanscope/shaders/ \
    ./usr/share/applications/scanscope.desktop \
    ./usr/share/metainfo/io.github.scanscope.scanscope.metainfo.xml \
    ./usr/share/icons/hicolor/scalable/apps/scanscope.svg ./usr/share/man/man1/scanscope.1.gz; do
    grep -qF " $path" <<<"$contents" || fail "the package lacks $path"
done
grep -q "screenshots" <<<"$contents" && fail "the README's screenshots are not for the package"
depends="$(dpkg-deb -f "$deb" Depends)"
echo "Depends: $depends"
for package in libc6 libglfw3 libcairo2 fonts-dejavu-core bubblewrap; do
    grep -q "$package" <<<"$depends" || fail "Depends does not name $package"
done
grep -q "nvrtc\|cuda" <<<"$depends" && fail "Depends names the CUDA toolkit, which is not Debian's"

# The desktop entry and the metainfo, as the desktop's and the software centres' tools read them.
dpkg-deb -x "$deb" "$work/root"
desktop-file-validate "$work/root/usr/share/applications/scanscope.desktop"
appstreamcli validate --no-net "$work/root/usr/share/metainfo/io.github.scanscope.scanscope.metainfo.xml"

# apt resolves its dependencies from this machine's sources (nothing is installed).
apt-get install --simulate --no-install-recommends "$deb" >"$work/apt.log" 2>&1 ||
    { cat "$work/apt.log"; fail "apt-get would not install it"; }
echo "apt-get install --simulate: $(grep -c '^Inst' "$work/apt.log" || true) packages to install"

# The unpacked tree runs from its own data (bin/../share/scanscope), on the CPU where no GPU is.
bin="$work/root/usr/bin/scanscope"
"$bin" --version
"$bin" list | grep -q "radix-sort-onesweep" || fail "scanscope list lacks a variant"
"$bin" capture --variant blelloch --input 3,1,7,0,4,1,6,3 --device cpu --out "$work/t.json" |
    head -1
grep -q '"variant"' "$work/t.json" || fail "the capture wrote no trace"
"$bin" list --lessons | grep -q "15-radix-sort" || fail "the package's lessons are not found"
echo "check_deb: ok"
