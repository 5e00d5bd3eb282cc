// Where a canvas's label goes, in screen pixels: its box, a caption nudged in, a line cut at the
// canvas's right edge shortened. A label is drawn whole, shortened or not at all: half a word
// reads as another word.
#pragma once

#include <imgui.h>

#include <string>

#include "scenes/scene.h"

namespace scanscope {

// The box a label of `text` takes when drawn at `at` (its vertical middle) with `align`.
Rect label_box(ImFont* font, float size, ImVec2 at, Align align, const std::string& text);

// `at` moved as little as puts the label's box inside `canvas`, where that is a nudge (under half
// the text's height); else `at`.
ImVec2 nudged_inside(ImFont* font, float size, ImVec2 at, Align align, const std::string& text,
                     const Rect& canvas);

// The size to draw a name (not a caption) at: `size`, or as much smaller as puts it whole inside
// `canvas`, down to `floor`; where even that would not, `size`.
float fitting_label_px(ImFont* font, float size, float floor, ImVec2 at, const SceneLabel& l,
                       const Rect& canvas);

// What of label `l` drawn at `at` to draw: all of it, its start with "...", or nothing ("").
std::string shown_text(ImFont* font, float size, ImVec2 at, const SceneLabel& l,
                       const Rect& canvas);

}  // namespace scanscope
