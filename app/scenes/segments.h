// A segmented scan's segments in a picture: each segment's cells tinted by turns (so that where
// one ends is seen at a glance) and a bar before each head (where the carry stops).
#pragma once

#include <vector>

#include "model/trace.h"
#include "scenes/scene.h"
#include "style/theme.h"

namespace scanscope {

struct Segments {
    std::vector<int> index;  // per element: which segment it is in (empty: no segments)
    std::vector<int> head;   // per element: 1 where a segment starts

    bool any() const { return !index.empty(); }
    bool covers(int element) const { return element >= 0 && element < int(index.size()); }
};

// The trace's segments: the one-block segmented scan's heads, else none.
Segments segments_of(const Trace& trace);

// The cell's fill for an element of segment `segment`: every other segment a little tinted.
Color segment_fill(const Theme& theme, Color fill, int segment);

// A bar at the left edge of `cell`, a little taller than it: a segment starts here.
void mark_segment_head(Scene& scene, const Rect& cell, const Theme& theme);

// Element `element`'s cell: tinted by its segment (unless it has a role), a bar before a head.
void show_segment(Scene& scene, SceneCell& cell, const Segments& segments, int element,
                  const Theme& theme);

}  // namespace scanscope
