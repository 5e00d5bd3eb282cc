// Where each panel goes, as a pure function of the window size and UI scale (so it can be tested
// without a window). ImGui 1.86 has no docking; the panels tile the window instead.
#pragma once

#include "scenes/geometry.h"

namespace scanscope {

// Normal: every panel tiles the window. Presenter: the canvas beside the Banks drawing (above it
// on a portrait screen), a tall timeline bar for the narration in large type; the side panels
// (controls, code, timings) come back only as overlays on the canvas, when asked for.
enum class LayoutMode { Normal, Presenter };

struct PanelLayout {
    LayoutMode mode = LayoutMode::Normal;
    Rect controls;  // left column: variant, input, capture
    Rect canvas;    // the animated view
    Rect code;      // pseudo-code with the current line lit
    Rect banks;     // shared-memory banks and conflicts
    Rect timings;   // live timings
    Rect timeline;  // play, step, scrub
    Rect status;    // one line: device, notices
    // Presenter mode: where the side panels go when brought back, over the canvas.
    Rect overlay_left, overlay_right;
    // A narrow window (or a large UI scale) folds the controls away so that the canvas keeps at
    // least half the width; they come back over the canvas (overlay_left) when asked for.
    bool controls_folded = false;
    // A short window (or a large UI scale: 2 on a 720-pixel projector) folds the code and
    // timings too and sets the Banks drawing beside the canvas, as presenter mode does; they come
    // back over the canvas (overlay_right) when asked for.
    bool side_panels_folded = false;
};

// `top` is the height taken by the menu bar. Every rect has a non-negative size, and together
// they tile [0, width) x [top, height) without overlap.
// In presenter mode controls, code and timings are empty (zero-sized) rects and the overlays lie
// over the canvas.
// `beside`: in presenter mode, whether the Banks drawing (or the Predict panel, which takes its
// place) is beside the canvas; without it the canvas has the whole width.
// `timeline_h`: the tall timeline bar's height where its sentence needs more than the usual
// (at most 40 % of the window).
PanelLayout compute_layout(float width, float height, float top, float ui_scale,
                           LayoutMode mode = LayoutMode::Normal, bool beside = true,
                           float timeline_h = 0);

// The UI scale a width x height window uses: the one asked for, or less (in quarter steps, never
// below 1) where the asked-for scale leaves the pictures no room (2 on a 1280x720 or 1024x768
// projector: 1.5 and 1.25). The status line says so.
float fitting_ui_scale(float width, float height, float requested);

}  // namespace scanscope
