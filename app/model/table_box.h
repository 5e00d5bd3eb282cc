// A box of a summed-area table and the four entries its sum reads (GPU Gems 3, 39.3.2): shared by
// the Grid view, which draws the lookup, and predict mode's box-sum question.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

// A box of the table, corners included: columns x0..x1, rows y0..y1.
struct TableBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// The box the last step shows and asks about: the middle half of the table each way (none for a
// table under 2 x 2).
bool default_box(int width, int height, TableBox& box);

// The entries a box's sum reads, with their signs: T(x1, y1) - T(x0-1, y1) - T(x1, y0-1) +
// T(x0-1, y0-1); an entry outside the table (x0 or y0 is 0) reads as nothing and is left out.
struct BoxCorner {
    int x, y, sign;
};
std::vector<BoxCorner> box_corners(const TableBox& box);

// "[2..5] x [2..5]".
std::string box_name(const TableBox& box);

}  // namespace scanscope
