#include "scenes/scene.h"

#include <algorithm>
#include <utility>

namespace scanscope {

void Scene::fit_bounds() {
    bool first = true;
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    auto add = [&](float ax, float ay, float bx, float by) {
        if (first) {
            x0 = ax, y0 = ay, x1 = bx, y1 = by;
            first = false;
            return;
        }
        x0 = std::min(x0, ax), y0 = std::min(y0, ay), x1 = std::max(x1, bx), y1 = std::max(y1, by);
    };
    for (const SceneCell& c : cells)
        add(c.rect.x, c.rect.y, c.rect.right(), c.rect.bottom());
    for (const SceneLabel& l : labels) {
        if (l.fixed_px > 0) {  // a caption: its place counts, not its (zoom-free) width
            add(l.at.x, l.at.y - 0.9f, l.at.x, l.at.y);
            continue;
        }
        const float width = float(l.text.size()) * l.size * 0.6f;
        const float left = aligned_left(l.align, l.at.x, width);
        add(left, l.at.y - l.size, left + width, l.at.y + l.size);
    }
    // Arrows too: an arc bows out beyond the cells it joins.
    for (const SceneArrow& a : arrows)
        add(std::min(a.from.x, a.to.x), std::min(a.from.y, a.to.y), std::max(a.from.x, a.to.x),
            std::max(a.from.y, a.to.y));
    const float margin = 0.5f;
    bounds = first ? Rect{0, 0, 1, 1}
                   : Rect{x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin};
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
