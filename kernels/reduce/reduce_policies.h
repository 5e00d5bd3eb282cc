// The reductions' launch policies (core/tile_policy.h), beside their kernels: one or two elements
// a thread as the kernel's first step takes them, blocks of 256 when timed; reduce-warp-shuffle's
// timed threads first add rows of 16-byte loads.
#pragma once

#include "core/tile_policy.h"

namespace scanscope::kernels {

// Interleaved and sequential addressing: one element a thread.
struct ReduceOnePolicy {
    template <class F>
    static void with_tile(int, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Tile<1, 1>{});
        f(Tile<1, 1, 256>{});
    }
};

// First add during load, last warp unrolled: two elements a thread.
struct ReduceTwoPolicy {
    template <class F>
    static void with_tile(int, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Tile<2, 1>{});
        f(Tile<2, 1, 256>{});
    }
};

// Warp shuffles. Timed: each thread first adds 4 rows of 4 elements.
struct ReduceWarpShufflePolicy {
    using Teaching = Tile<2, 1>;
    using Timed = Tile<4, 4, 512>;
    template <class F>
    static void with_tile(int, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Teaching{});
        f(Timed{});
    }
};

}  // namespace scanscope::kernels
