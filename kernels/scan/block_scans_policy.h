// scan-then-propagate and reduce-then-scan's launch policy (core/tile_policy.h): Blelloch blocks,
// two elements a thread; timed at 512 threads (1024 elements a block).
#pragma once

#include "core/tile_policy.h"

namespace scanscope::kernels {

struct BlockScansPolicy {
    template <class F>
    static void with_tile(int, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Tile<2, 1>{});
        f(Tile<2, 1, 512>{});
    }
};

}  // namespace scanscope::kernels
