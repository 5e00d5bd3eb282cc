#!/usr/bin/env bash
# Installs the Debian 12 packages ScanScope builds, runs and tests with. Idempotent: when every
# package is present it changes nothing, and it runs `apt-get update` at most once.
# The CUDA toolkit is not a Debian package here: install it from NVIDIA (ScanScope builds without
# it too, running everything on the CPU emulation).
set -euo pipefail

packages=(
    build-essential cmake pkg-config git
    libimgui-dev libglfw3-dev python3-glad libstb-dev fonts-dejavu-core  # the window
    nlohmann-json3-dev libcli11-dev                                      # core and CLI
    libcairo2-dev libgif-dev                                             # export (PNG, SVG, PDF, GIF)
    bubblewrap libseccomp-dev libssl-dev                                 # students' code, sandboxed
    libclang-14-dev libclang-cpp14-dev                                   # plain CUDA kernel files
    libgtest-dev xvfb libgl1-mesa-dri                                    # tests (Xvfb + Mesa GL)
)
# With --tests (scripts/test.sh): what the fuzzing run needs too.
if [ "${1:-}" = "--tests" ]; then
    packages+=(clang libclang-rt-14-dev libfuzzer-14-dev poppler-utils)
    packages+=(help2man desktop-file-utils appstream dpkg-dev debootstrap)  # the package, its check
    packages+=(glslang-tools)  # the shaders' WebGL 2 form, compiled by a test
    packages+=(chromium chromium-driver)  # the browser tests (tests/web)
fi
# With --tests or --web: the browser build (scripts/web.sh; dpkg-dev for apt-get source).
if [ "${1:-}" = "--tests" ] || [ "${1:-}" = "--web" ]; then
    packages+=(emscripten dpkg-dev)
fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: all ${#packages[@]} packages are installed"
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: run as root or install sudo" >&2; exit 1; }
    sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
