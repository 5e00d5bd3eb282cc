#!/usr/bin/env bash
# The lab's package: `cpack -G DEB` in the build folder makes scanscope_<version>_<arch>.deb; this
# checks what it holds and names, that apt would install it on this Debian (--simulate: nothing is
# installed), and that the unpacked tree runs: --version, list, a capture, from its own data. Then
# it installs it for real in a clean Debian 12 made by debootstrap (a chroot with its own /proc)
# and runs the same there; where that cannot be made (not root, no debootstrap, no mount), it says
# so and the checks above stand alone.
#   check_deb.sh BUILD_DIR
set -euo pipefail
build="$1"
work="$(mktemp -d)"
cleanup() {
    mountpoint -q "$work/debian/proc" 2>/dev/null && umount "$work/debian/proc"
    rm -rf "$work"
}
trap cleanup EXIT

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
# A clean Debian 12: the package and what apt pulls in for it, nothing else.
clean="$work/debian"
if [ "$(id -u)" -ne 0 ] || ! command -v debootstrap >/dev/null; then
    echo "check_deb: ok (no clean install: needs root and debootstrap)"
    exit 0
fi
mirror="${SCANSCOPE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
debootstrap --variant=minbase bookworm "$clean" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log"; fail "debootstrap could not make a Debian 12"; }
if ! mount -t proc proc "$clean/proc" 2>"$work/mount.log"; then
    echo "check_deb: ok (no clean install: cannot mount /proc in the chroot: $(cat "$work/mount.log"))"
    exit 0
fi
cp "$deb" "$clean/tmp/"
in_clean() { chroot "$clean" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
in_clean apt-get update -qq
in_clean env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "/tmp/$(basename "$deb")" >"$work/install.log" 2>&1 ||
    { tail -30 "$work/install.log"; fail "apt-get install failed in a clean Debian 12"; }
echo "installed in a clean Debian 12 with $(grep -c '^Setting up' "$work/install.log") packages"
in_clean scanscope --version
in_clean sh -c 'ldd /usr/bin/scanscope | grep "not found"' && fail "a library is missing there"
in_clean scanscope list | grep -q "radix-sort-onesweep" || fail "scanscope list lacks a variant there"
in_clean scanscope list --lessons | grep -q "15-radix-sort" || fail "no lessons found there"
in_clean scanscope capture --variant blelloch --input 3,1,7,0,4,1,6,3 --device cpu \
    --out /tmp/t.json | tail -1 | grep -q "output: 0 3 4 11 11 15 16 22" ||
    fail "the capture there did not give Harris's scan"
test -f "$clean/usr/share/man/man1/scanscope.1.gz" ||
    fail "no man page installed"
echo "check_deb: ok (a clean Debian 12 installs and runs it)"
