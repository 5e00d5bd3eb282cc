// Lines of text a scene stacks (an output row's name over its verdict) closer than a renderer's
// readable size makes them: at a small scale each keeps its readable size, so the lower one
// would be drawn over the other. Both renderers place their names through this.
#pragma once

#include <vector>

#include "scenes/geometry.h"

namespace scanscope {

class LineStack {
  public:
    // Where to draw the top of a line of text (pixels): `box` is where it would go, `at_y` its
    // middle in the scene. A line that would overlap one drawn before it and further up moves
    // down to just under that one; pieces of one line (the same middle: a key's bits, the one a
    // pass reads drawn larger) stay on it.
    float top_for(float at_y, const Rect& box) const;

    // A line drawn: `box` where it went, as tall as its line.
    void add(float at_y, const Rect& box) { lines_.push_back({at_y, box}); }

  private:
    struct Line {
        float at_y;
        Rect box;  // a line's height tall
    };
    std::vector<Line> lines_;
};

}  // namespace scanscope
