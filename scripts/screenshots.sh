#!/usr/bin/env bash
# Regenerates the README's screenshots with the app itself, under a private Xvfb, on the CPU
# emulation (what a laptop without a GPU shows).
# Usage: scripts/screenshots.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
app="${1:-$root/build}/app/scanscope"
out="$root/assets/screenshots"
mkdir -p "$out"
shoot() {  # name, args...
    local name=$1
    shift
    xvfb-run -a -s "-screen 0 1920x1200x24" "$app" --screenshot "$out/$name.png" --size 1600x1000 \
        --device cpu "$@"
}
shoot_at() {  # name, size, args...
    local name=$1 size=$2
    shift 2
    xvfb-run -a -s "-screen 0 1920x1200x24" "$app" --screenshot "$out/$name.png" --size "$size" \
        --device cpu "$@"
}
shoot_at presenter 1280x720 --lesson 05-bank-conflicts --step 6 --presenter --ui-scale 1.5 \
    --theme light
shoot_at predict 1280x720 --lesson 05-bank-conflicts --step 4 --presenter --ui-scale 1.5 \
    --theme light --predict --scores /tmp/scanscope-shots-scores.json
shoot_at predict-reveal 1280x720 --lesson 05-bank-conflicts --step 4 --presenter --ui-scale 1.5 \
    --theme light --predict --answer B --scores /tmp/scanscope-shots-scores.json
# Presenter mode on a 1024x768 projector (issue 39's shots): the step's focus at 4 % of the height.
for shot in "01-harris-blelloch 6" "04-the-race 4" "05-bank-conflicts 6" "06-reduction 3" \
    "07-look-back 30" "08-multi-block 4"; do
    set -- $shot
    shoot_at "presenter-${1%%-*}" 1024x768 --lesson "$1" --step "$2" --presenter --ui-scale 2 \
        --theme light
done
# A worksheet page (needs pdftoppm, poppler-utils).
"$app" worksheet --lesson 01-harris-blelloch --out /tmp/scanscope-worksheet.pdf
pdftoppm -png -r 80 -f 2 -l 2 -singlefile /tmp/scanscope-worksheet.pdf "$out/worksheet"
shoot main --lesson 01-harris-blelloch --step 7
shoot tree --lesson 01-harris-blelloch --view tree --step 9
shoot pingpong --lesson 02-kirk-hwu-ping-pong --view pingpong --step 3
shoot race --lesson 04-the-race --view pingpong --step 3
shoot array --variant blelloch --n 256 --view array --step 6
shoot compare --lesson 05-bank-conflicts --view compare --step 6
shoot reduction --lesson 06-reduction --view reduction --step 3
shoot multiblock --lesson 08-multi-block --view multiblock --step 3
shoot lookback --lesson 07-look-back --view lookback --step 90
shoot pipelined --lesson 09-pipelined-look-back --view multiblock --step 3
shoot staged --lesson 10-staged-look-back --view multiblock --step 5
shoot light --lesson 02-kirk-hwu-ping-pong --step 3 --theme light --ui-scale 1.25
shoot timings --lesson 05-bank-conflicts --timings 2^10..2^14
# The browser build's page in headless chromium (needs scripts/web.sh's build-web/site).
if [ -f "$root/build-web/site/scanscope.wasm" ]; then
    python3 "$root/tests/web/page_test.py" "$root/build-web/site" "$app" shot \
        "?lesson=05-bank-conflicts&step=6&view=compare&presenter=1&scale=1.5&theme=light" \
        "$out/browser.png"
fi
