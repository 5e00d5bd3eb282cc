// The part of a view in which no value is cut: half a number reads as another number ("12" cut
// to "2"), and half a row of boxes reads as a mistake.
#pragma once

#include <vector>

#include "scenes/scene.h"

namespace scanscope {

// The labels drawn over a view, as boxes in world units.
struct ViewLabels {
    std::vector<Rect> names;     // a row's or a part's name: left out with what it names
    std::vector<Rect> captions;  // about the whole picture: kept whole wherever shown whole
};

// `view` (world units) with each edge that cuts a cell with a value moved in to the gap beyond
// the cells it cuts, so that those are left out whole, with the names beyond the last value left
// (a heading whose row went). An edge stays where moving it would cut or leave out a value the
// view showed whole, a caption, or a name beside what stays.
Rect whole_cells_view(const std::vector<SceneCell>& cells, const Rect& view,
                      const ViewLabels& labels = {});

}  // namespace scanscope
