#include "model/table_box.h"

#include <algorithm>

namespace scanscope {

bool default_box(int width, int height, TableBox& box) {
    if (width < 2 || height < 2) return false;
    box = {width / 4, height / 4, std::max(width / 4, 3 * width / 4 - 1),
           std::max(height / 4, 3 * height / 4 - 1)};
    return true;
}

std::vector<BoxCorner> box_corners(const TableBox& b) {
    std::vector<BoxCorner> corners = {{b.x1, b.y1, +1}};
    if (b.x0 > 0) corners.push_back({b.x0 - 1, b.y1, -1});
    if (b.y0 > 0) corners.push_back({b.x1, b.y0 - 1, -1});
    if (b.x0 > 0 && b.y0 > 0) corners.push_back({b.x0 - 1, b.y0 - 1, +1});
    return corners;
}

std::string box_name(const TableBox& b) {
    return "[" + std::to_string(b.x0) + ".." + std::to_string(b.x1) + "] x [" +
           std::to_string(b.y0) + ".." + std::to_string(b.y1) + "]";
}

}  // namespace scanscope
