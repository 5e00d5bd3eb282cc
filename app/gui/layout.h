// Where each panel goes, as a pure function of the window size and UI scale (so it can be tested
// without a window). ImGui 1.86 has no docking; the panels tile the window instead.
#pragma once

namespace scanscope {

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
    float right() const { return x + w; }
    float bottom() const { return y + h; }
};

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
