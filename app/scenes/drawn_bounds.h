// A scene's bounds: its cells, its arrows and its labels, each label as wide as the one who asks
// says. The scene's own guess (Scene::fit_bounds) and the renderers' measure (the window's canvas
// and the export's painter, where at a small scale a label keeps a readable size, so it reaches
// further than its place, and a label left out takes no room) all gather them here.
#pragma once

#include <functional>
#include <optional>

#include "scenes/scene.h"

namespace scanscope {

// A label's extent in world units: its corners.
struct LabelExtent {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
using LabelExtentOf = std::function<std::optional<LabelExtent>(const SceneLabel&)>;

// The cells, the arrows and each label's extent (none: it takes no room), with a margin of half a
// unit (world units; {0, 0, 1, 1} for an empty scene).
Rect bounds_of(const Scene& scene, const LabelExtentOf& extent);

// How a renderer draws a label at the scale in question, in pixels: size 0 where it leaves it
// out; width 0 where only its place counts (a caption the renderer keeps whole on its own).
struct DrawnLabel {
    float width_px = 0, size_px = 0;
};
using DrawnLabelOf = std::function<DrawnLabel(const SceneLabel&)>;

// bounds_of with each label as `drawn` says, at `scale` pixels per world unit.
Rect drawn_bounds(const Scene& scene, float scale, const DrawnLabelOf& drawn);

}  // namespace scanscope
