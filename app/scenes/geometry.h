// Plain geometry shared by the layout, the scenes and the renderer.
#pragma once

namespace scanscope {

struct Vec2 {
    float x = 0, y = 0;
};

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
    float right() const { return x + w; }
    float bottom() const { return y + h; }
    Vec2 center() const { return {x + w / 2, y + h / 2}; }
    bool contains(Vec2 p) const { return p.x >= x && p.x < right() && p.y >= y && p.y < bottom(); }
};

inline Vec2 lerp(Vec2 a, Vec2 b, float t) {
    return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

}  // namespace scanscope
