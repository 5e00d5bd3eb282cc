#include "scenes/drawn_bounds.h"

#include <algorithm>

namespace scanscope {

Rect bounds_of(const Scene& scene, const LabelExtentOf& extent) {
    bool first = true;
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    const auto add = [&](float ax, float ay, float bx, float by) {
        if (first) x0 = ax, y0 = ay, x1 = bx, y1 = by, first = false;
        x0 = std::min(x0, ax), y0 = std::min(y0, ay), x1 = std::max(x1, bx), y1 = std::max(y1, by);
    };
    for (const SceneCell& c : scene.cells)
        add(c.rect.x, c.rect.y, c.rect.right(), c.rect.bottom());
    for (const SceneLabel& l : scene.labels)
        if (const std::optional<LabelExtent> e = extent(l)) add(e->x0, e->y0, e->x1, e->y1);
    // An arc bows out beyond the cells it joins.
    for (const SceneArrow& a : scene.arrows)
        add(std::min(a.from.x, a.to.x), std::min(a.from.y, a.to.y), std::max(a.from.x, a.to.x),
            std::max(a.from.y, a.to.y));
    const float margin = 0.5f;
    if (first) return {0, 0, 1, 1};
    return {x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin};
}

Rect drawn_bounds(const Scene& scene, float scale, const DrawnLabelOf& drawn) {
    return bounds_of(scene, [&](const SceneLabel& l) -> std::optional<LabelExtent> {
        const DrawnLabel d = drawn(l);
        if (d.size_px <= 0 || scale <= 0) return std::nullopt;
        // A label's point is the middle of its line: 58 % of its size above, 42 % below.
        const float w = d.width_px / scale, h = d.size_px / scale;
        const float left = aligned_left(l.align, l.at.x, w);
        return LabelExtent{left, l.at.y - 0.58f * h, left + w, l.at.y + 0.42f * h};
    });
}

}  // namespace scanscope
