// A scene's bounds with its labels as a renderer draws them: at a small scale a label keeps a
// readable size, so it reaches further than its place in the scene, and a label left out takes
// no room. The window's canvas and the export's painter both fit pictures by these.
#pragma once

#include <functional>

#include "scenes/scene.h"

namespace scanscope {

// How a renderer draws a label at the scale in question, in pixels: size 0 where it leaves it
// out; width 0 where only its place counts (a caption the renderer keeps whole on its own).
struct DrawnLabel {
    float width_px = 0, size_px = 0;
};
using DrawnLabelOf = std::function<DrawnLabel(const SceneLabel&)>;

// The cells, the arrows and each label as `drawn` says, at `scale` pixels per world unit, with a
// margin of half a unit (world units; {0, 0, 1, 1} for an empty scene).
Rect drawn_bounds(const Scene& scene, float scale, const DrawnLabelOf& drawn);

}  // namespace scanscope
