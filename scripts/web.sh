#!/usr/bin/env bash
# Builds ScanScope for the browser: a folder of static files (BUILD_DIR/site, default
# build-web/site) that any web server serves, e.g.
#   python3 -m http.server -d build-web/site 8000    # then open http://localhost:8000/
# Debian's Emscripten compiles the window's own code; Dear ImGui comes from Debian's source
# package (apt-get source imgui) at the version of the installed libimgui-dev, which the desktop
# build links. Usage: scripts/web.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build_dir="$(realpath -m "${1:-$root/build-web}")"
"$root/scripts/setup.sh" --web

# Emscripten's tools run under node and need Debian's node modules (acorn), which a node from
# elsewhere (NodeSource's) does not look for.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

# ImGui's sources, once per build folder. apt-get source needs a deb-src line: added if missing.
version="$(dpkg-query -W -f='${source:Version}' libimgui-dev)"
imgui_dir="$build_dir/imgui-source/imgui-${version%%-*}"
if [ ! -f "$imgui_dir/imgui.cpp" ]; then
    if ! apt-get source --print-uris "imgui=$version" >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        list=/etc/apt/sources.list.d/scanscope-deb-src.sources
        echo "web: adding $list (Debian's source packages) for apt-get source imgui"
        printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" "Suites: bookworm" \
            "Components: main" "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" |
            $sudo tee "$list" >/dev/null
        $sudo apt-get update -qq
    fi
    rm -rf "$build_dir/imgui-source"
    mkdir -p "$build_dir/imgui-source"
    (cd "$build_dir/imgui-source" && apt-get source -qq "imgui=$version" 2>&1 | grep -v "^W: Download is performed unsandboxed" || true)
    [ -f "$imgui_dir/imgui.cpp" ] || { echo "web: apt-get source imgui=$version failed" >&2; exit 1; }
fi

emcmake cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
    "-DSCANSCOPE_IMGUI_SOURCE=$imgui_dir" >/dev/null
cmake --build "$build_dir" --parallel "$(nproc)"
du -b "$build_dir/site"/scanscope.{js,wasm,data} | awk '{ s += $1; print } END { printf "web: %.1f MB in all\n", s / 1e6 }'
echo "web: serve it with: python3 -m http.server -d $build_dir/site 8000"
