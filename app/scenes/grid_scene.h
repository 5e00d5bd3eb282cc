// The summed-area table as the 2D grid it is (Harris, Sengupta and Owens, GPU Gems 3, 39.3.2):
// the buffer each step wrote, W entries a row, with arrows from the entries each one added (d to
// its left while the rows are scanned, d rows up while the columns are); at the last step, the
// table the kernel wrote and the four-corner lookup of a box's sum.
#pragma once

#include "model/table_box.h"
#include "model/trace.h"
#include "scenes/scene.h"
#include "scenes/step_summary.h"
#include "style/theme.h"

namespace scanscope {

Scene build_grid_scene(const Trace& trace, const Cursor& cursor, const Theme& theme);

}  // namespace scanscope
