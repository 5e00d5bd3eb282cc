// The second backend of the scenes: draws a Scene with Cairo, the same cells, arrows and labels
// the OpenGL renderer draws, for PNG, SVG, PDF and GIF export.
#pragma once

#include <cairo.h>

#include "gui/theme.h"
#include "scenes/scene.h"

namespace scanscope {

// Fills width x height (in the surface's units) with the theme's background and the scene fitted
// into it, its notes as lines of text beneath. `ui_scale` scales text as the window does.
void paint_scene(cairo_t* cr, const Scene& scene, const Theme& theme, double width, double height,
                 double ui_scale);

}  // namespace scanscope
