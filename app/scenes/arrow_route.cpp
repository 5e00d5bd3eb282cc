#include "scenes/arrow_route.h"

#include <algorithm>
#include <cmath>

namespace scanscope {

Rect value_area(const Rect& cell) {
    return {cell.x + 0.2f * cell.w, cell.y + 0.2f * cell.h, 0.6f * cell.w, 0.6f * cell.h};
}

Vec2 edge_facing(const Rect& cell, float other_top) {
    return {cell.center().x, other_top > cell.y + 0.01f ? cell.bottom() : cell.y};
}

bool segment_meets(const Rect& r, Vec2 a, Vec2 b) {
    // Liang-Barsky: clip the segment's parameter range to each of the four slabs.
    float t0 = 0, t1 = 1;
    const float d[2] = {b.x - a.x, b.y - a.y};
    const float lo[2] = {r.x - a.x, r.y - a.y}, hi[2] = {r.right() - a.x, r.bottom() - a.y};
    for (int axis = 0; axis < 2; ++axis) {
        if (std::abs(d[axis]) < 1e-9f) {
            if (lo[axis] > 0 || hi[axis] < 0) return false;
            continue;
        }
        float enter = lo[axis] / d[axis], leave = hi[axis] / d[axis];
        if (enter > leave) std::swap(enter, leave);
        t0 = std::max(t0, enter);
        t1 = std::min(t1, leave);
        if (t0 > t1) return false;
    }
    return true;
}

namespace {

bool path_is_clear(const std::vector<SceneCell>& cells, const std::vector<Rect>& keep_clear,
                   const std::vector<Vec2>& path) {
    for (std::size_t i = 1; i < path.size(); ++i) {
        for (const SceneCell& c : cells)
            if (!c.text.empty() && segment_meets(value_area(c.rect), path[i - 1], path[i]))
                return false;
        for (const Rect& r : keep_clear)
            if (segment_meets(r, path[i - 1], path[i])) return false;
    }
    return true;
}

// Where a long run across the picture goes, from y0 down (or up) to y1: the middle of the widest
// gap between the rows of cells, the two next to the arrow's own rows counted half (they carry
// the step's other arrows between those rows).
float run_between_rows(const std::vector<SceneCell>& cells, float y0, float y1) {
    const float lo = std::min(y0, y1), hi = std::max(y0, y1);
    std::vector<std::pair<float, float>> rows;
    for (const SceneCell& c : cells)
        if (c.rect.bottom() > lo && c.rect.y < hi) rows.push_back({c.rect.y, c.rect.bottom()});
    std::sort(rows.begin(), rows.end());
    float best = (lo + hi) / 2, best_score = -1, free_from = lo;
    const auto consider = [&](float top, float bottom) {
        const bool beside_an_end = top <= lo || bottom >= hi;
        const float score = (bottom - top) * (beside_an_end ? 0.5f : 1.0f);
        if (bottom > top && score > best_score) best_score = score, best = (top + bottom) / 2;
    };
    for (const auto& [top, bottom] : rows) {
        consider(free_from, top);
        free_from = std::max(free_from, bottom);
    }
    consider(free_from, hi);
    return best;
}

}  // namespace

std::vector<SceneArrow> arrow_clear_of_values(const std::vector<SceneCell>& cells, Vec2 from,
                                              Vec2 to, const Rect& source, const Rect& target,
                                              float gap, Color color, float width_px,
                                              const std::vector<Rect>& keep_clear) {
    std::vector<Vec2> path{from, to};
    if (!path_is_clear(cells, keep_clear, path)) {
        // Around the rows between: out of the source's edge, down (or up) the column gap beside
        // it to a wide gap between the rows, along that to the column gap beside the target,
        // and in along the target's edge (a piece long enough for the head). Next to a row, the
        // gaps are the narrow ones of the grid.
        const float down = to.y > from.y ? 1.0f : -1.0f, half = gap / 2;
        const float leave = from.y + down * half, arrive = to.y - down * half;
        const float column_to = from.x < target.x ? target.x - half : target.right() + half;
        const float column_from = to.x < from.x ? source.x - half : source.right() + half;
        const float run = run_between_rows(cells, from.y, to.y);
        const std::vector<std::vector<Vec2>> routes{
            {from,
             {from.x, leave},
             {column_from, leave},
             {column_from, run},
             {column_to, run},
             {column_to, arrive},
             to},
            {from, {from.x, leave}, {column_to, leave}, {column_to, arrive}, to}};
        for (const std::vector<Vec2>& route : routes)
            if (path_is_clear(cells, keep_clear, route)) {
                path = route;
                break;
            }
    }
    return arrow_along(path, color, width_px);
}

std::vector<SceneArrow> arrow_along(const std::vector<Vec2>& path, Color color, float width_px) {
    std::vector<SceneArrow> pieces;
    for (std::size_t i = 1; i < path.size(); ++i) {
        if (std::abs(path[i].x - path[i - 1].x) + std::abs(path[i].y - path[i - 1].y) < 1e-6f)
            continue;
        pieces.push_back({path[i - 1], path[i], color, width_px, false});
    }
    if (!pieces.empty()) pieces.back().head = true;
    return pieces;
}

std::vector<SceneArrow> join_pieces(const std::vector<SceneArrow>& pieces) {
    std::vector<SceneArrow> whole;
    for (const SceneArrow& a : pieces) {
        const bool continues = !whole.empty() && !whole.back().head &&
                               std::abs(whole.back().to.x - a.from.x) < 1e-4f &&
                               std::abs(whole.back().to.y - a.from.y) < 1e-4f;
        if (continues) {
            whole.back().to = a.to;
            whole.back().head = a.head;
        } else {
            whole.push_back(a);
        }
    }
    return whole;
}

float arc_height(float from_x, float to_x, float longest, float room) {
    const float reach = std::abs(to_x - from_x);
    if (reach <= 0) return 0;
    return std::min(room * 0.85f * (0.35f + 0.65f * reach / std::max(longest, reach)),
                    0.6f * reach) *
           (to_x < from_x ? 0.8f : 1.0f);
}

std::vector<SceneArrow> arc_over_row(Vec2 from, Vec2 to, float height, Color color,
                                     float width_px) {
    return arc_towards(from, to, {0, -1}, height, color, width_px);
}

std::vector<SceneArrow> arc_towards(Vec2 from, Vec2 to, Vec2 side, float height, Color color,
                                    float width_px) {
    // Half an ellipse, in pieces short enough to look round at any zoom the view allows; the
    // last one, which carries the head, three pieces long (a renderer draws a head no longer
    // than about half its piece).
    constexpr int kPieces = 16, kLast = 3;
    constexpr float kPi = 3.14159265f;
    std::vector<SceneArrow> pieces;
    Vec2 last = from;
    for (int i = 1; i <= kPieces - kLast; ++i) {
        const float angle = kPi * float(i) / kPieces, along = (1 - std::cos(angle)) / 2,
                    out = height * std::sin(angle);
        const Vec2 at{from.x + (to.x - from.x) * along + side.x * out,
                      from.y + (to.y - from.y) * along + side.y * out};
        pieces.push_back({last, at, color, width_px, false});
        last = at;
    }
    pieces.push_back({last, to, color, width_px, true});
    return pieces;
}

}  // namespace scanscope
