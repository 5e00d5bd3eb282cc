#include "export/scene_painter.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "scenes/drawn_bounds.h"
#include "scenes/line_stack.h"
#include "scenes/whole_cells.h"

namespace scanscope {
namespace {

constexpr const char* kSans = "DejaVu Sans";
constexpr const char* kMono = "DejaVu Sans Mono";

void set_color(cairo_t* cr, const Color& c) {
    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t at; (at = text.find('\n', start)) != std::string::npos; start = at + 1)
        lines.push_back(text.substr(start, at - start));
    lines.push_back(text.substr(start));
    return lines;
}

double text_width(cairo_t* cr, const std::string& text) {
    cairo_text_extents_t e;
    cairo_text_extents(cr, text.c_str(), &e);
    return e.x_advance;
}

// Draws text and, when asked, records it.
struct Pen {
    cairo_t* cr;
    std::vector<PaintedText>* texts;
    bool mono = false;
    // Text outside this (the picture's part of the page, once clipped) is not on the page: not
    // recorded either. Empty: no limit.
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// One line of text with its top-left (or top-centre, top-right) at (x, y).
void draw_text(const Pen& pen, const std::string& text, double x, double y, double size,
               Align align) {
    cairo_t* cr = pen.cr;
    cairo_set_font_size(cr, size);
    const double w = text_width(cr, text);
    const double left = aligned_left(align, x, w);
    cairo_move_to(cr, left, y + size * 0.8);
    cairo_show_text(cr, text.c_str());
    const bool on_page =
        pen.x1 <= pen.x0 || (left + w > pen.x0 && left < pen.x1 && y + size > pen.y0 && y < pen.y1);
    if (pen.texts && on_page) pen.texts->push_back({text, left, y + size * 0.8, size, pen.mono});
}

void rounded_rect(cairo_t* cr, double x, double y, double w, double h, double r) {
    r = std::min({r, w / 2, h / 2});
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

constexpr double kCaptionSize = 20;  // x the UI scale

// The page says in words of its own (its caption, a worksheet's paragraph) what the step's
// caption in the picture would.
bool says_the_step(const PageLayout* page) {
    return page && (page->caption_lines > 0 || page->step_said_outside);
}
bool drops(const SceneLabel& l, const PageLayout* page) {
    return l.names_the_step && says_the_step(page);
}

// A label's drawn size at this scale (0: left out), as in the window.
double label_size(const SceneLabel& l, double scale, double ui) {
    return double(label_px(l, float(scale), float(ui)));
}

// Where the picture goes: between the caption's room on top and the notes' room under it.
struct PictureArea {
    double x, y, w, h;
};
PictureArea picture_area(double width, double height, double ui, std::size_t notes,
                         const PageLayout* page) {
    const double margin = 16 * ui, note_h = 14 * ui * 1.5;
    double top = margin;
    if (page && page->caption_lines > 0)
        top += double(page->caption_lines) * kCaptionSize * ui * 1.3 + 0.5 * kCaptionSize * ui;
    const std::size_t note_room = std::max(notes, page ? page->notes : 0);
    return {margin, top, width - 2 * margin,
            std::max(1.0, height - top - margin - double(note_room) * note_h)};
}

}  // namespace

// A value's font size per unit of scale, as paint_scene sizes it: 68 % of its cell's height (the
// lines of several, 80 % between them) and 94 % of its width at most.
double value_size_per_scale(cairo_t* cr, const SceneCell& c) {
    const std::vector<std::string> lines = lines_of(c.text);
    const double by_height =
        lines.size() > 1 ? c.rect.h * 0.8 / double(lines.size()) / 1.15 : c.rect.h * 0.68;
    cairo_set_font_size(cr, 100);
    double widest = 0;
    for (const std::string& line : lines)
        widest = std::max(widest, text_width(cr, line) / 100);
    return widest > 0 ? std::min(by_height, c.rect.w * 0.94 / widest) : by_height;
}

double readable_scale(cairo_t* cr, const Scene& scene, double ui) {
    cairo_select_font_face(cr, kMono, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    double needed = 0;
    for (const SceneCell& c : scene.cells)
        if (!c.text.empty())
            needed = std::max(needed, 11.05 * ui / std::max(value_size_per_scale(cr, c), 1e-4));
    return needed;
}

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

std::vector<std::string> wrap_text(cairo_t* cr, const std::string& text, double width) {
    std::vector<std::string> lines;
    std::string line;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(start, end - start);
        const std::string longer = line.empty() ? word : line + " " + word;
        if (!line.empty() && text_width(cr, longer) > width) {
            lines.push_back(line);
            line = word;
        } else {
            line = longer;
        }
        start = end + 1;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

std::vector<std::string> caption_lines(cairo_t* cr, const std::string& caption, double width,
                                       double ui) {
    if (caption.empty()) return {};
    cairo_select_font_face(cr, kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, kCaptionSize * ui);
    return wrap_text(cr, caption, width - 2 * 16 * ui);
}

Rect painted_bounds(cairo_t* cr, const Scene& scene, double scale, double ui, bool step_said,
                    bool with_captions) {
    PageLayout captions;
    captions.step_said_outside = step_said;
    cairo_select_font_face(cr, kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    return drawn_bounds(scene, float(scale), [&](const SceneLabel& l) -> DrawnLabel {
        const double size = label_size(l, scale, ui);
        if (size <= 0 || drops(l, &captions) || (l.fixed_px > 0 && !with_captions)) return {};
        cairo_set_font_size(cr, size);
        return {float(text_width(cr, l.text) + 2 * ui), float(size)};
    });
}

double picture_width(double width, double ui) {
    return picture_area(width, 1, ui, 0, nullptr).w;
}

double fitted_scale(cairo_t* cr, const Scene& scene, double width, double height, double ui,
                    const PageLayout& page) {
    const PictureArea area = picture_area(width, height, ui, scene.notes.size(), &page);
    const Rect& b = page.world;
    const double fit = std::min(area.w / std::max(b.w, 1e-3f), area.h / std::max(b.h, 1e-3f));
    return std::max(fit,
                    page.readable_scale > 0 ? page.readable_scale : readable_scale(cr, scene, ui));
}

void paint_scene(cairo_t* cr, const Scene& scene, const Theme& theme, double width, double height,
                 double ui, std::vector<PaintedText>* texts, const PageLayout* page) {
    Pen pen{cr, texts};
    set_color(cr, theme.background);
    cairo_paint(cr);
    const double note_size = 14 * ui, note_h = note_size * 1.5;
    const PictureArea area = picture_area(width, height, ui, scene.notes.size(), page);
    const double margin = area.x, top = area.y, picture_w = area.w, picture_h = area.h;
    // The step's caption on top, in the series' room for it.
    if (page && page->caption_lines > 0) {
        set_color(cr, theme.text);
        const double size = kCaptionSize * ui;
        const std::vector<std::string> lines = caption_lines(cr, page->caption, width, ui);
        for (std::size_t i = 0; i < lines.size(); ++i)
            draw_text(pen, lines[i], margin, margin + double(i) * size * 1.3, size, Align::Left);
    }
    cairo_select_font_face(cr, kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    if (!scene.empty_message.empty()) {
        set_color(cr, theme.text_dim);
        draw_text(pen, scene.empty_message, width / 2, height / 2, note_size, Align::Center);
        return;
    }
    // The notes, one line each, shrunk to the width where needed.
    set_color(cr, theme.text);
    for (std::size_t i = 0; i < scene.notes.size(); ++i) {
        cairo_set_font_size(cr, note_size);
        const double w = text_width(cr, scene.notes[i]);
        const double size =
            w > width - 2 * margin ? note_size * (width - 2 * margin) / w : note_size;
        draw_text(pen, scene.notes[i], margin, top + picture_h + double(i) * note_h + 4, size,
                  Align::Left);
    }

    // Fit the picture, its labels as drawn included, into the rest, centred: the series' whole
    // where given, so that every page has the same scale. Never so small that values fall under
    // 11 x the UI scale (as the window's first view): a picture too large for the page then
    // shows its focus, or its start.
    PageLayout fitted = page ? *page : PageLayout{};
    if (fitted.world.w <= 0) {  // a page of its own; the labels' room depends on the scale
        fitted.world = scene.bounds;
        for (int pass = 0; pass < 3; ++pass)
            fitted.world =
                painted_bounds(cr, scene, fitted_scale(cr, scene, width, height, ui, fitted), ui,
                               says_the_step(&fitted));
    }
    const Rect& b = fitted.world;
    const double scale = fitted_scale(cr, scene, width, height, ui, fitted);
    float fx0 = 1e30f, fy0 = 1e30f, fx1 = -1e30f, fy1 = -1e30f;
    for (const SceneCell& c : scene.cells)
        if (c.focus) {
            fx0 = std::min(fx0, c.rect.x), fy0 = std::min(fy0, c.rect.y);
            fx1 = std::max(fx1, c.rect.right()), fy1 = std::max(fy1, c.rect.bottom());
        }
    // Where the page's top-left lies in the scene, per axis: centred where the whole fits, else
    // the focus centred (or the start), never past the picture's edges.
    const auto start = [&](double lo, double size, double f_lo, double f_hi, double view) {
        if (size * scale <= view) return lo - (view / scale - size) / 2;
        const double want = f_hi > f_lo ? (f_lo + f_hi) / 2 - view / scale / 2 : lo;
        return std::clamp(want, lo, lo + size - view / scale);
    };
    // A picture whose values fit across but whose captions do not: its values centred, the
    // captions kept on the page below.
    Rect across = b;
    if (b.w * scale > picture_w) {
        const Rect values =
            fitted.values_world.w > 0
                ? fitted.values_world
                : painted_bounds(cr, scene, scale, ui, says_the_step(&fitted), false);
        if (values.w * scale <= picture_w) across = values;
    }
    double ox = margin - start(across.x, across.w, fx0, fx1, picture_w) * scale;
    double oy = top - start(b.y, b.h, fy0, fy1, picture_h) * scale;
    // Where a caption over the whole picture is drawn: whole, inside [x0, x1] of the page.
    const auto caption_left = [&](const SceneLabel& l, double size, double x0, double x1) {
        cairo_set_font_size(cr, size);
        const double w = text_width(cr, l.text), x = ox + l.at.x * scale;
        const double left = aligned_left(l.align, x, w);
        return std::clamp(left, x0, std::max(x0, x1 - w));
    };
    // A picture larger than the page: as in the window, an edge that would cut a row or column
    // of values moves in to the gap beside it, and what is left is centred in the room freed.
    Rect clip{float(margin - 1), float(top - 1), float(picture_w + 2), float(picture_h + 2)};
    if (across.w * scale > picture_w + 0.5 || b.h * scale > picture_h + 0.5) {
        ViewLabels labels;
        for (const SceneLabel& l : scene.labels) {
            const double size = label_size(l, scale, ui);
            if (size <= 0 || drops(l, page)) continue;
            cairo_set_font_size(cr, size);
            const double w = text_width(cr, l.text) / scale, h = size / scale;
            double left = aligned_left(l.align, double(l.at.x), w);
            if (l.fixed_px > 0)
                left = (caption_left(l, size, margin, margin + picture_w) - ox) / scale;
            (l.fixed_px > 0 ? labels.captions : labels.names)
                .push_back({float(left), float(l.at.y - 0.58 * h), float(w), float(h)});
        }
        const Rect view{float((margin - ox) / scale), float((top - oy) / scale),
                        float(picture_w / scale), float(picture_h / scale)};
        const Rect whole = whole_cells_view(scene.cells, view, labels);
        clip = {float(ox + whole.x * scale), float(oy + whole.y * scale), float(whole.w * scale),
                float(whole.h * scale)};
        const double dx = ((clip.x - margin) - (margin + picture_w - clip.right())) / 2,
                     dy = ((clip.y - top) - (top + picture_h - clip.bottom())) / 2;
        ox -= dx, oy -= dy;
        clip.x -= float(dx), clip.y -= float(dy);
    }
    cairo_save(cr);
    cairo_rectangle(cr, clip.x, clip.y, clip.w, clip.h);
    cairo_clip(cr);
    pen.x0 = clip.x, pen.y0 = clip.y, pen.x1 = clip.right(), pen.y1 = clip.bottom();
    auto X = [&](double x) { return ox + x * scale; };
    auto Y = [&](double y) { return oy + y * scale; };

    for (const SceneCell& c : scene.cells) {
        rounded_rect(cr, X(c.rect.x), Y(c.rect.y), c.rect.w * scale, c.rect.h * scale,
                     0.12 * scale);
        set_color(cr, c.fill);
        cairo_fill_preserve(cr);
        set_color(cr, c.border);
        cairo_set_line_width(cr, c.border_px * ui);
        cairo_stroke(cr);
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (const SceneArrow& a : scene.arrows) {
        const double x0 = X(a.from.x), y0 = Y(a.from.y), x1 = X(a.to.x), y1 = Y(a.to.y);
        set_color(cr, a.color);
        cairo_set_line_width(cr, a.width_px * ui);
        cairo_move_to(cr, x0, y0);
        cairo_line_to(cr, x1, y1);
        cairo_stroke(cr);
        const double length = std::hypot(x1 - x0, y1 - y0);
        if (!a.head || length < 1e-6) continue;
        const double ux = (x1 - x0) / length, uy = (y1 - y0) / length, head = 7 * ui;
        cairo_move_to(cr, x1, y1);
        cairo_line_to(cr, x1 - ux * head - uy * head * 0.5, y1 - uy * head + ux * head * 0.5);
        cairo_line_to(cr, x1 - ux * head + uy * head * 0.5, y1 - uy * head - ux * head * 0.5);
        cairo_close_path(cr);
        cairo_fill(cr);
    }
    // Cell values, as large as the cell allows (vector output keeps even small ones sharp).
    cairo_select_font_face(cr, kMono, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    pen.mono = true;
    for (const SceneCell& c : scene.cells) {
        if (c.text.empty()) continue;
        const std::vector<std::string> lines = lines_of(c.text);
        const double cell_w = c.rect.w * scale, cell_h = c.rect.h * scale;
        // As in the window: 68 % of the cell's height (the lines of several, 80 % between them).
        double size =
            std::min(lines.size() > 1 ? cell_h * 0.8 / double(lines.size()) / 1.15 : cell_h * 0.68,
                     40.0 * ui);
        cairo_set_font_size(cr, size);
        double widest = 0;
        for (const std::string& line : lines)
            widest = std::max(widest, text_width(cr, line));
        if (widest > cell_w * 0.94) size *= cell_w * 0.94 / widest;
        if (size < 3) continue;
        set_color(cr, c.text_color);
        const double first = Y(c.rect.y) + (cell_h - size * 1.15 * double(lines.size())) / 2;
        for (std::size_t i = 0; i < lines.size(); ++i)
            draw_text(pen, lines[i], X(c.rect.x) + cell_w / 2, first + double(i) * size * 1.15,
                      size, Align::Center);
    }
    cairo_select_font_face(cr, kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    pen.mono = false;
    LineStack names;
    for (const SceneLabel& l : scene.labels) {
        const double size = label_size(l, scale, ui);
        if (size <= 0 || drops(l, page)) continue;
        set_color(cr, l.color);
        // A label's point is the middle of its line, as in the window; a caption over the whole
        // picture stays whole on the page.
        if (l.fixed_px > 0) {
            draw_text(pen, l.text, caption_left(l, size, clip.x, clip.right()),
                      Y(l.at.y) - size * 0.58, size, Align::Left);
            continue;
        }
        // A name the scene stacks under another closer than this size's line moves down a line.
        cairo_set_font_size(cr, size);
        const double w = text_width(cr, l.text), left = aligned_left(l.align, X(l.at.x), w);
        const Rect box{float(left), float(Y(l.at.y) - size * 0.58), float(w), float(size)};
        const double line_top = names.top_for(l.at.y, box);
        names.add(l.at.y, {box.x, float(line_top), box.w, float(size * 1.15)});
        draw_text(pen, l.text, left, line_top, size, Align::Left);
    }
    cairo_restore(cr);
}

}  // namespace scanscope
