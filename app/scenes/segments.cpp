#include "scenes/segments.h"

#include "scenes/step_summary.h"
#include "variants/registry.h"

namespace scanscope {

Segments segments_of(const Trace& trace) {
    Segments s;
    const VariantInfo* card = find_card(trace.request);
    // The one-block segmented scan's shared arrays are indexed by element; a single-pass one's
    // hold warps' totals, which belong to no one segment.
    if (!card || card->algorithm != Algorithm::SegmentedScan || card->multi_block) return s;
    s.head = head_flags(trace.request);
    int segment = -1;
    for (int flag : s.head)
        s.index.push_back(segment += flag);
    return s;
}

Color segment_fill(const Theme& theme, Color fill, int segment) {
    return segment % 2 ? mix(fill, theme.accent, 0.22f) : fill;
}

void mark_segment_head(Scene& scene, const Rect& cell, const Theme& theme) {
    const float x = cell.x - 0.06f;
    scene.arrows.push_back(
        {{x, cell.y - 0.2f}, {x, cell.bottom() + 0.2f}, theme.hazard, 3.0f, false});
}

void show_segment(Scene& scene, SceneCell& cell, const Segments& segments, int element,
                  const Theme& theme) {
    if (!segments.covers(element)) return;
    if (cell.role == CellRole::Plain)
        cell.fill = segment_fill(theme, cell.fill, segments.index[std::size_t(element)]);
    if (segments.head[std::size_t(element)] && element > 0)
        mark_segment_head(scene, cell.rect, theme);
}

}  // namespace scanscope
