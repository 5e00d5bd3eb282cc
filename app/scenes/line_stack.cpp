#include "scenes/line_stack.h"

namespace scanscope {

float LineStack::top_for(float at_y, const Rect& box) const {
    float top = box.y;
    for (const Line& line : lines_)
        if (at_y > line.at_y && box.x < line.box.right() && line.box.x < box.right() &&
            top < line.box.bottom())
            top = line.box.bottom();
    return top;
}

}  // namespace scanscope
