#include "scenes/scene.h"

#include <algorithm>
#include <utility>

#include "scenes/drawn_bounds.h"

namespace scanscope {

void Scene::fit_bounds() {
    // The scene's own guess at a label's width, 0.6 em a letter: a renderer measures its own.
    bounds = bounds_of(*this, [](const SceneLabel& l) -> std::optional<LabelExtent> {
        // A caption: its place counts, not its (zoom-free) width.
        if (l.fixed_px > 0) return LabelExtent{l.at.x, l.at.y - 0.9f, l.at.x, l.at.y};
        const float width = float(l.text.size()) * l.size * 0.6f;
        const float left = aligned_left(l.align, l.at.x, width);
        return LabelExtent{left, l.at.y - l.size, left + width, l.at.y + l.size};
    });
}

float label_px(const SceneLabel& l, float scale, float ui) {
    const float natural = l.size * scale;
    if (l.fixed_px > 0) return std::min(l.fixed_px * ui, std::max(natural * 1.6f, 11.0f * ui));
    if (natural < 0.45f * 11.0f * ui && !l.keep) return 0;
    return std::clamp(natural, 11.0f * ui, 30.0f * ui);
}

SceneLabel step_caption_label(std::string text, float y, const Theme& theme) {
    SceneLabel caption{{0, y}, std::move(text), theme.text, 0.55f, Align::Left, 15.0f};
    caption.names_the_step = true;
    return caption;
}

}  // namespace scanscope
