#include "render/camera.h"

#include <algorithm>

namespace scanscope {

void Camera::fit(const Rect& b, float width, float height, float max_scale) {
    if (b.w <= 0 || b.h <= 0 || width <= 0 || height <= 0) return;
    scale = std::min({width / b.w, height / b.h, max_scale});
    scale = std::max(scale, 0.05f);
    origin = {b.x - (width / scale - b.w) / 2, b.y - (height / scale - b.h) / 2};
}

void Camera::fit_readable(const Rect& b, float width, float height, float min_scale, bool bottom) {
    fit(b, width, height);
    if (scale >= min_scale) return;
    scale = min_scale;
    origin = {b.x, b.y};
    // Centre whichever direction still fits.
    if (b.w * scale < width) origin.x = b.x - (width / scale - b.w) / 2;
    if (b.h * scale < height)
        origin.y = b.y - (height / scale - b.h) / 2;
    else if (bottom)
        origin.y = b.bottom() - height / scale;
}

void Camera::fit_focus(const Rect& b, const Rect& focus, float width, float height,
                       float at_scale) {
    if (width <= 0 || height <= 0 || at_scale <= 0) return;
    scale = at_scale;
    // `start`: as near the bounds' start (left: the rows' names) as the focus allows; else the
    // focus in the middle. A focus larger than the view is shown from its start (its first
    // cells, in reading order; the middle of a wide focus can be the empty space between its
    // cells). Never empty space beyond the bounds' edges.
    const auto axis = [&](float lo, float size, float f_lo, float f_size, float view, bool start) {
        if (size * scale <= view) return lo - (view / scale - size) / 2;
        const float span = view / scale;
        const float wanted = f_size > span ? f_lo - std::min(0.25f * span, 0.5f)
                             : start       ? std::max(lo, f_lo + f_size - span)
                                           : f_lo + f_size / 2 - span / 2;
        return std::clamp(wanted, lo, lo + size - span);
    };
    origin = {axis(b.x, b.w, focus.x, focus.w, width, true),
              axis(b.y, b.h, focus.y, focus.h, height, false)};
}

void Camera::zoom_at(Vec2 screen, float factor) {
    const Vec2 anchor = to_world(screen);
    scale = std::clamp(scale * factor, 0.05f, 400.0f);
    origin = {anchor.x - screen.x / scale, anchor.y - screen.y / scale};
}

void Camera::pan(Vec2 pixels) {
    origin = {origin.x - pixels.x / scale, origin.y - pixels.y / scale};
}

}  // namespace scanscope
