#!/usr/bin/env bash
# Downloads (here, where Debian's archive is reachable) the packages the GPU machine lacks, into
# .device-debs/, which .git/info/exclude ignores and the `device` tool carries.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$root/.device-debs" "$root/.git/info"
grep -qx '/.device-debs/' "$root/.git/info/exclude" 2>/dev/null ||
    echo '/.device-debs/' >>"$root/.git/info/exclude"
cd "$root/.device-debs"
apt-get download libgtest-dev nlohmann-json3-dev libcli11-dev bubblewrap libseccomp-dev libseccomp2 libssl-dev libssl3
ls -la
