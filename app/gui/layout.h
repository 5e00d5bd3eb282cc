// Where each panel goes, as a pure function of the window size and UI scale (so it can be tested
// without a window). ImGui 1.86 has no docking; the panels tile the window instead.
#pragma once

#include "scenes/geometry.h"

namespace scanscope {

struct PanelLayout {
    Rect controls;  // left column: variant, input, capture
    Rect canvas;    // the animated view
    Rect code;      // pseudo-code with the current line lit
    Rect banks;     // shared-memory banks and conflicts
    Rect timings;   // live timings
    Rect timeline;  // play, step, scrub
    Rect status;    // one line: device, notices
};

// `top` is the height taken by the menu bar. Every rect has a non-negative size, and together
// they tile [0, width) x [top, height) without overlap.
PanelLayout compute_layout(float width, float height, float top, float ui_scale);

}  // namespace scanscope
