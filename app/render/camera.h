// From world units to canvas pixels: a scale and the world point at the canvas's top-left.
#pragma once

#include "scenes/geometry.h"

namespace scanscope {

struct Camera {
    float scale = 40.0f;  // pixels per world unit
    Vec2 origin;          // world point at the top-left pixel

    Vec2 to_screen(Vec2 w) const { return {(w.x - origin.x) * scale, (w.y - origin.y) * scale}; }
    Vec2 to_world(Vec2 s) const { return {s.x / scale + origin.x, s.y / scale + origin.y}; }

    // Shows all of `bounds` in a width x height canvas, centred, at most `max_scale` px per unit.
    void fit(const Rect& bounds, float width, float height, float max_scale = 64.0f);
    // Like fit, but never below `min_scale` px per unit: a large scene then starts at its top-left
    // corner, readable, and the reader pans or zooms out for the rest.
    // Where the bounds are taller than the view at min_scale, `bottom` shows their bottom.
    void fit_readable(const Rect& bounds, float width, float height, float min_scale,
                      bool bottom = false);
    // At `at_scale` px per unit: all of `bounds` centred where it fits that way, else `focus`
    // centred, kept within `bounds` (presenter mode: the step's focus at its legible size).
    void fit_focus(const Rect& bounds, const Rect& focus, float width, float height,
                   float at_scale);
    // Zooms by `factor` keeping the world point under `screen` where it is.
    void zoom_at(Vec2 screen, float factor);
    void pan(Vec2 pixels);
};

}  // namespace scanscope
