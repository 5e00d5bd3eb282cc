// The second backend of the scenes: draws a Scene with Cairo, the same cells, arrows and labels
// the OpenGL renderer draws, for PNG, SVG, PDF and GIF export.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "scenes/scene.h"
#include "style/theme.h"

namespace scanscope {

// A line of text as drawn: its baseline's left end, its font size and whether it is monospaced.
struct PaintedText {
    std::string text;
    double x = 0, y = 0, size = 0;
    bool mono = false;
};

// How a page of a series is laid out: every page of a GIF or PDF at one scale (a cell keeps its
// size from frame to frame), with room for as many note lines as the page that has the most, and
// the step's caption on top.
struct PageLayout {
    Rect world;  // what the picture fits (the series' scenes, labels as drawn); empty: its own
    std::size_t notes = 0;           // note lines to leave room for
    std::string caption;             // the step's sentence, wrapped over the picture; empty: none
    int caption_lines = 0;           // lines to leave room for (the series' longest caption)
    bool step_said_outside = false;  // the page says the step in words of its own (a worksheet)
    // The scale under which a value would be drawn smaller than 11 x the UI scale (the series'
    // largest): the picture is drawn at least this large, its focus in view, as the window does.
    double readable_scale = 0;
    // The part of `world` the values and their names take, the captions left out: what a page
    // too narrow for the captions centres (the captions are then kept on the page). Empty: its
    // own.
    Rect values_world;
};

// The scale (points per scene unit) at which every value of `scene` is 11 x `ui_scale` or more.
double readable_scale(cairo_t* cr, const Scene& scene, double ui_scale);

// The scene's extent (world units) with its labels as drawn at `scale` (pixels per unit; the
// window's sizes: none under 11 x the UI scale), less the step's caption where the page prints
// the step's sentence in words of its own (`step_said`), and less the captions over the whole
// picture unless `with_captions`.
Rect painted_bounds(cairo_t* cr, const Scene& scene, double scale, double ui_scale, bool step_said,
                    bool with_captions = true);

// The scale the picture of `scene` is drawn at on a width x height page laid out as `page` (its
// world fitted into the picture's room, never under the readable scale).
double fitted_scale(cairo_t* cr, const Scene& scene, double width, double height, double ui_scale,
                    const PageLayout& page);

// The width the picture of a page `width` wide is fitted into (its margins left out).
double picture_width(double width, double ui_scale);

// Cairo's write function appending to the std::string at `closure` (PDF, SVG, PNG streams).
cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length);

// `text` broken at spaces into lines no wider than `width` at the current font.
std::vector<std::string> wrap_text(cairo_t* cr, const std::string& text, double width);

// The caption's lines at this page width (the export leaves room for the longest).
std::vector<std::string> caption_lines(cairo_t* cr, const std::string& caption, double width,
                                       double ui_scale);

// Fills width x height (in the surface's units) with the theme's background and the scene fitted
// into it, its notes as lines of text beneath. `ui_scale` scales text as the window does.
// When `texts` is given, every line of text drawn is also appended to it (the SVG export lays
// these over the picture as real, searchable text; Cairo's SVG writes glyph outlines only).
void paint_scene(cairo_t* cr, const Scene& scene, const Theme& theme, double width, double height,
                 double ui_scale, std::vector<PaintedText>* texts = nullptr,
                 const PageLayout* page = nullptr);

}  // namespace scanscope
