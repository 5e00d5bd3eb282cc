#include "scenes/whole_cells.h"

#include <algorithm>

namespace scanscope {
namespace {

bool overlaps(const Rect& a, const Rect& b) {
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

// Within a hair: a view fitted to the cells' bounds ends at their edge, give or take rounding.
bool inside(const Rect& inner, const Rect& outer) {
    const float hair = 1e-3f * std::max(inner.w, inner.h);
    return inner.x >= outer.x - hair && inner.y >= outer.y - hair &&
           inner.right() <= outer.right() + hair && inner.bottom() <= outer.bottom() + hair;
}

bool same(const Rect& a, const Rect& b) {
    return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

enum class Edge { Left, Top, Right, Bottom };

// `view` with one edge moved past every value cell it cuts (again while the new place cuts
// others) and `margin` x the cell's size beyond, or `view` where that would lose a value it
// showed whole.
Rect moved_in(const std::vector<SceneCell>& cells, const ViewLabels& labels, const Rect& view,
              Edge edge, float margin) {
    Rect moved = view;
    for (int round = 0; round < 8; ++round) {
        bool cut_any = false;
        for (const SceneCell& c : cells) {
            if (c.text.empty() || !overlaps(c.rect, moved) || inside(c.rect, moved)) continue;
            const float past = margin * std::min(c.rect.w, c.rect.h);
            float x0 = moved.x, y0 = moved.y, x1 = moved.right(), y1 = moved.bottom();
            if (edge == Edge::Left && c.rect.x < x0 && c.rect.right() > x0)
                x0 = c.rect.right() + past;
            if (edge == Edge::Right && c.rect.x < x1 && c.rect.right() > x1) x1 = c.rect.x - past;
            if (edge == Edge::Top && c.rect.y < y0 && c.rect.bottom() > y0)
                y0 = c.rect.bottom() + past;
            if (edge == Edge::Bottom && c.rect.y < y1 && c.rect.bottom() > y1) y1 = c.rect.y - past;
            if (x0 == moved.x && y0 == moved.y && x1 == moved.right() && y1 == moved.bottom())
                continue;
            if (x1 <= x0 || y1 <= y0) return view;
            moved = {x0, y0, x1 - x0, y1 - y0};
            cut_any = true;
        }
        if (!cut_any) break;
    }
    if (same(moved, view)) return view;
    // Along the edge's axis, measured outwards: a box's side towards the view's middle, its far
    // side, its middle.
    const auto inner = [edge](const Rect& r) {
        return edge == Edge::Left    ? -r.right()
               : edge == Edge::Top   ? -r.bottom()
               : edge == Edge::Right ? r.x
                                     : r.y;
    };
    const auto outer = [edge](const Rect& r) {
        return edge == Edge::Left    ? -r.x
               : edge == Edge::Top   ? -r.y
               : edge == Edge::Right ? r.right()
                                     : r.bottom();
    };
    // Only what was cut may go: every value whole in the view stays whole; and a view with no
    // value whole in it is kept as it is (a sliver of nothing says less).
    bool any_whole = false;
    float reach = -1e30f;  // the far side of the last value kept
    for (const SceneCell& c : cells) {
        if (c.text.empty()) continue;
        if (inside(c.rect, view) && !inside(c.rect, moved)) return view;
        if (!inside(c.rect, moved)) continue;
        any_whole = true;
        reach = std::max(reach, outer(c.rect));
    }
    if (!any_whole) return view;
    float gone = 1e30f;  // the near side of the first value left out
    for (const SceneCell& c : cells)
        if (!c.text.empty() && !inside(c.rect, moved) && inner(c.rect) >= reach)
            gone = std::min(gone, inner(c.rect));
    // A name past the last value kept and nearer the first left out (the heading of a row that
    // went) goes with what it names; every other label whole in the view stays whole.
    const auto orphan = [&](const Rect& r) {
        const float middle = (inner(r) + outer(r)) / 2;
        return inner(r) >= reach && gone - middle < middle - reach;
    };
    for (const Rect& r : labels.names) {
        if (!overlaps(r, moved) || !orphan(r)) continue;
        float x0 = moved.x, y0 = moved.y, x1 = moved.right(), y1 = moved.bottom();
        if (edge == Edge::Left) x0 = std::max(x0, r.right());
        if (edge == Edge::Top) y0 = std::max(y0, r.bottom());
        if (edge == Edge::Right) x1 = std::min(x1, r.x);
        if (edge == Edge::Bottom) y1 = std::min(y1, r.y);
        moved = {x0, y0, x1 - x0, y1 - y0};
    }
    for (const Rect& r : labels.names)
        if (inside(r, view) && !inside(r, moved) && !orphan(r)) return view;
    for (const Rect& r : labels.captions)
        if (inside(r, view) && !inside(r, moved)) return view;
    return moved;
}

}  // namespace

Rect whole_cells_view(const std::vector<SceneCell>& cells, const Rect& view,
                      const ViewLabels& labels) {
    Rect result = view;
    for (const Edge edge : {Edge::Top, Edge::Bottom, Edge::Left, Edge::Right}) {
        // A little into the gap, past the cut cells' borders; right at them where cells abut.
        const Rect into_gap = moved_in(cells, labels, result, edge, 0.04f);
        result = !same(into_gap, result) ? into_gap : moved_in(cells, labels, result, edge, 0.0f);
    }
    return result;
}

}  // namespace scanscope
