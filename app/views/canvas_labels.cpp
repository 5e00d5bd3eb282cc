#include "views/canvas_labels.h"

#include <algorithm>
#include <cmath>

namespace scanscope {

// The box a label is drawn in (screen pixels): text_at centres it vertically on `at`.
Rect label_box(ImFont* font, float size, ImVec2 at, Align align, const std::string& text) {
    const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str());
    return {aligned_left(align, at.x, extent.x), at.y - extent.y / 2, extent.x, extent.y};
}

namespace {

constexpr float kSlack = 1.0f;  // pixels of rounding a box may pass an edge by

bool box_inside(const Rect& box, const Rect& canvas) {
    return box.x >= canvas.x - kSlack && box.y >= canvas.y - kSlack &&
           box.right() <= canvas.right() + kSlack && box.bottom() <= canvas.bottom() + kSlack;
}

}  // namespace

// `at` moved as little as puts the label's box inside `canvas`, where that is a nudge (under half
// the text's height): a caption mostly in view, its size fixed and larger than its place, comes
// whole into view; one further out would land on what the view shows, and stays where it is.
ImVec2 nudged_inside(ImFont* font, float size, ImVec2 at, Align align, const std::string& text,
                     const Rect& canvas) {
    const Rect box = label_box(font, size, at, align, text);
    if (box.w > canvas.w || box.h > canvas.h) return at;
    const float dx = std::clamp(box.x, canvas.x, canvas.right() - box.w) - box.x,
                dy = std::clamp(box.y, canvas.y, canvas.bottom() - box.h) - box.y;
    if (std::abs(dx) > box.h / 2 || std::abs(dy) > box.h / 2) return at;
    return {at.x + dx, at.y + dy};
}

// A row's name left of a drawing as wide as the canvas reads smaller, down to the window's own
// text, rather than not at all.
float fitting_label_px(ImFont* font, float size, float floor, ImVec2 at, const SceneLabel& l,
                       const Rect& canvas) {
    if (l.fixed_px > 0 || size <= floor) return size;
    const Rect box = label_box(font, size, at, l.align, l.text);
    if (box_inside(box, canvas) || box.w <= 0) return size;
    const float to_left = at.x - canvas.x, to_right = canvas.right() - at.x;
    const float room = l.align == Align::Left    ? to_right
                       : l.align == Align::Right ? to_left
                                                 : 2 * std::min(to_left, to_right);
    // The text's width grows with its size; half a pixel less covers the glyphs' rounding.
    const float smaller = std::floor(size * room / box.w * 2) / 2 - 0.5f;
    if (smaller < floor) return size;
    return box_inside(label_box(font, smaller, at, l.align, l.text), canvas) ? smaller : size;
}

// What of a label drawn at `at` to draw: all of it where it lies inside the canvas; where it is
// left-aligned and runs past the canvas's right edge only, its start with "..." (a line that
// reads from its start, as a long output line does); else nothing.
std::string shown_text(ImFont* font, float size, ImVec2 at, const SceneLabel& l,
                       const Rect& canvas) {
    const Rect box = label_box(font, size, at, l.align, l.text);
    if (box_inside(box, canvas)) return l.text;
    if (l.align != Align::Left || box.x < canvas.x - kSlack || box.y < canvas.y - kSlack ||
        box.bottom() > canvas.bottom() + kSlack)
        return {};
    const float room = canvas.right() - box.x;
    std::string kept = l.text;
    while (!kept.empty()) {
        // One whole UTF-8 character off the end: its continuation bytes, then its first byte.
        for (bool continuation = true; continuation && !kept.empty();) {
            continuation = (static_cast<unsigned char>(kept.back()) & 0xC0) == 0x80;
            kept.pop_back();
        }
        const std::string shortened = kept + "...";
        if (font->CalcTextSizeA(size, 1e9f, 0.0f, shortened.c_str()).x <= room)
            return kept.size() >= 4 ? shortened : std::string();
    }
    return {};
}

}  // namespace scanscope
