#include "scenes/scene.h"

#include <algorithm>

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
        const float left = l.align == Align::Left     ? l.at.x
                           : l.align == Align::Center ? l.at.x - width / 2
                                                      : l.at.x - width;
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

}  // namespace scanscope
