// The second backend of the scenes: draws a Scene with Cairo, the same cells, arrows and labels
// the OpenGL renderer draws, for PNG, SVG, PDF and GIF export.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "style/theme.h"
#include "scenes/scene.h"

namespace scanscope {

// A line of text as drawn: its baseline's left end, its font size and whether it is monospaced.
struct PaintedText {
    std::string text;
    double x = 0, y = 0, size = 0;
    bool mono = false;
};

// Fills width x height (in the surface's units) with the theme's background and the scene fitted
// into it, its notes as lines of text beneath. `ui_scale` scales text as the window does.
// When `texts` is given, every line of text drawn is also appended to it (the SVG export lays
// these over the picture as real, searchable text; Cairo's SVG writes glyph outlines only).
void paint_scene(cairo_t* cr, const Scene& scene, const Theme& theme, double width, double height,
                 double ui_scale, std::vector<PaintedText>* texts = nullptr);

}  // namespace scanscope
