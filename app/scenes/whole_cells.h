// The part of a view in which no value is cut: half a number reads as another number ("12" cut
// to "2"), and half a row of boxes reads as a mistake.
#pragma once

#include <vector>

#include "scenes/scene.h"

namespace scanscope {

// `view` (world units) with each edge that cuts a cell with a value moved in to the gap beyond
// the cells it cuts, so that those are left out whole. An edge stays where moving it would cut
// or leave out a value the view showed whole, or one of `keep` (the labels' boxes as drawn).
Rect whole_cells_view(const std::vector<SceneCell>& cells, const Rect& view,
                      const std::vector<Rect>& keep = {});

}  // namespace scanscope
