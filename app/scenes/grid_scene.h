// The summed-area table as the 2D grid it is (Harris, Sengupta and Owens, GPU Gems 3, 39.3.2):
// the buffer each step wrote, W entries a row, with arrows from the entries each one added (d to
// its left while the rows are scanned, d rows up while the columns are); at the last step, the
// table the kernel wrote and the four-corner lookup of a box's sum.
#pragma once

#include "model/trace.h"
#include "scenes/scene.h"
#include "scenes/step_summary.h"
#include "style/theme.h"

namespace scanscope {

// A box of the table, corners included: columns x0..x1, rows y0..y1.
struct TableBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// The box the last step shows: the middle half of the table each way (none for a table under
// 2 x 2).
bool default_box(int width, int height, TableBox& box);

// The four entries a box's sum reads, with their signs: T(x1, y1) - T(x0-1, y1) - T(x1, y0-1) +
// T(x0-1, y0-1); an entry outside the table (x0 or y0 is 0) reads as nothing and is left out.
struct BoxCorner {
    int x, y, sign;
};
std::vector<BoxCorner> box_corners(const TableBox& box);

Scene build_grid_scene(const Trace& trace, const Cursor& cursor, const Theme& theme);

}  // namespace scanscope
