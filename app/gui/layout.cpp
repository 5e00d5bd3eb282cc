#include "gui/layout.h"

#include <algorithm>
#include <cmath>

namespace scanscope {
namespace {

float clamp_nonnegative(float v) {
    return std::max(v, 0.0f);
}

}  // namespace

PanelLayout compute_layout(float width, float height, float top, float ui_scale, LayoutMode mode,
                           bool beside, float wanted_timeline_h) {
    width = clamp_nonnegative(width);
    height = clamp_nonnegative(height);
    top = std::round(std::clamp(top, 0.0f, height));
    const float s = std::max(ui_scale, 0.1f);

    // Whole pixels keep the panel borders crisp.
    PanelLayout l;
    l.mode = mode;
    const bool presenter = mode == LayoutMode::Presenter;
    const float status_h = std::round(std::min(28.0f * s, height - top));
    // The buttons' row and the step's sentence: the tall bar holds two lines of it in large type
    // (presenter) or three beside its caption, for a layout whose side panels fold, the Code
    // panel's sentence with them.
    const auto timeline_height = [&](bool tall) {
        // Presenter mode's bar is as tall as its sentence needs (the canvas keeps the rest).
        const float usual = (tall ? 120.0f : 78.0f) * s;
        const float wanted =
            tall && wanted_timeline_h > 0 ? std::min(wanted_timeline_h, 0.4f * height) : usual;
        return std::round(
            std::min(presenter ? wanted : std::max(usual, wanted), height - top - status_h));
    };
    float timeline_h = timeline_height(presenter);
    const float body_top = top;
    float body_h = clamp_nonnegative(height - top - status_h - timeline_h);

    // The normal layout's canvas height at this size: too little, and the side panels fold.
    const float normal_bottom_h =
        std::round(std::min(std::clamp(0.34f * body_h, 180.0f * s, 420.0f * s), 0.45f * body_h));
    const bool compact = !presenter && body_h - normal_bottom_h < 200.0f * s;
    if (compact) {
        timeline_h = timeline_height(true);
        body_h = clamp_nonnegative(height - top - status_h - timeline_h);
    }
    l.status = {0, height - status_h, width, status_h};
    l.timeline = {0, l.status.y - timeline_h, width, timeline_h};
    if (presenter || compact) {
        l.side_panels_folded = compact;
        l.controls_folded = compact;
        l.controls = {0, body_top, 0, 0};
        l.code = {width, body_top, 0, 0};
        if (presenter && !beside) {
            // The Banks drawing does not teach here: the canvas has the screen.
            l.canvas = {0, body_top, width, body_h};
            l.banks = {width, body_top, 0, body_h};
        } else if (width >= 1.2f * body_h) {
            // A landscape screen: the Banks drawing beside the canvas, both the full height, so
            // that neither is a strip (stacked, a 720-pixel projector left each 150 pixels).
            const float canvas_w = std::round(0.55f * width);
            l.canvas = {0, body_top, canvas_w, body_h};
            l.banks = {canvas_w, body_top, width - canvas_w, body_h};
        } else {
            // The Banks drawing fits itself to its rect; the canvas keeps most of the height.
            const float banks_h = std::round(
                std::min(std::clamp(0.38f * body_h, 100.0f * s, 520.0f * s), 0.45f * body_h));
            l.canvas = {0, body_top, width, clamp_nonnegative(body_h - banks_h)};
            l.banks = {0, body_top + l.canvas.h, width, banks_h};
        }
        l.timings = {l.banks.right(), l.banks.bottom(), 0, 0};
        const float overlay_w =
            std::round(std::min(std::max(0.32f * width, 300.0f * s), l.canvas.w));
        l.overlay_left = {0, body_top, overlay_w, l.canvas.h};
        l.overlay_right = {l.canvas.right() - overlay_w, body_top, overlay_w, l.canvas.h};
        return l;
    }

    float controls_w =
        std::round(std::min(std::clamp(0.2f * width, 260.0f * s, 380.0f * s), width));
    float code_w = std::round(std::min(
        std::clamp(0.28f * (width - controls_w), 300.0f * s, 520.0f * s), width - controls_w));
    if (width - controls_w - code_w < 0.5f * width) {
        // Too narrow for three columns at this scale: the canvas comes first.
        l.controls_folded = true;
        controls_w = 0;
        code_w = std::round(std::min(code_w, 0.34f * width));
    }
    l.controls = {0, body_top, controls_w, body_h};
    l.overlay_left = {0, body_top, std::round(std::min(std::max(0.32f * width, 300.0f * s), width)),
                      body_h};

    const float rest_x = controls_w;
    const float rest_w = clamp_nonnegative(width - controls_w);
    const float canvas_w = clamp_nonnegative(rest_w - code_w);
    const float bottom_h = normal_bottom_h;  // never more than 45% of the height
    const float top_h = clamp_nonnegative(body_h - bottom_h);

    l.canvas = {rest_x, body_top, canvas_w, top_h};
    l.code = {rest_x + canvas_w, body_top, code_w, top_h};
    l.banks = {rest_x, body_top + top_h, canvas_w, bottom_h};
    l.timings = {rest_x + canvas_w, body_top + top_h, code_w, bottom_h};
    return l;
}

float fitting_ui_scale(float width, float height, float requested) {
    // The folded layout (canvas beside the Banks drawing) needs about 700 x 470 units: each about
    // 300 high under the menu, above the timeline bar and the status line.
    const float fits = std::min(width / 700.0f, height / 470.0f);
    return std::max(std::min(requested, std::floor(fits * 4.0f) / 4.0f), std::min(requested, 1.0f));
}

}  // namespace scanscope
