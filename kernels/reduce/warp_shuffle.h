// Reduction with warp shuffles: each warp reduces in registers (__shfl_down_sync), only the 32
// warp totals go through shared memory, and warp 0 reduces them.
#pragma once

#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "reduce/interleaved.h"

namespace scanscope::kernels {

// After the step with offset o, lane i holds lanes i .. i + 2o - 1 combined; lane 0 ends with all.
template <class Op, class Block, class T>
SS_HD T warp_reduce(Block& b, T value) {
    const Op op;
    for (int offset = 16; offset > 0; offset /= 2)
        value = op(value, b.shfl_down(value, offset));
    return value;
}

// Each thread first combines Rows * Vec elements: Vec consecutive ones from each of Rows rows of
// the block's part (a row is the block's threads times Vec elements, read in one coalesced
// sweep). The captured reduction takes 2 rows of 1, the first add of Harris's fourth kernel;
// the timed one larger rows of 16-byte loads (its policy, reduce/reduce_policies.h), from this same
// source.
template <class T, class Op, int Rows, int Vec>
struct ReduceWarpShuffle {
    static constexpr int kElementsPerThread = Rows * Vec;
    const T* in;
    T* partials;
    int n;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const int t = b.thread();
        const int block_first = b.block() * b.threads() * kElementsPerThread;
        auto warp_totals = shared_memory<T>(b, 32);
        b.at(ReduceLine::Load);
        T items[Rows][Vec];
        for (int r = 0; r < Rows; ++r)  // every load in flight before the first add
            load_consecutive<Vec>(in, block_first + (r * b.threads() + t) * Vec, n, Op::identity(),
                                  items[r]);
        T mine = items[0][0];
        for (int r = 0; r < Rows; ++r)
            for (int v = r == 0 ? 1 : 0; v < Vec; ++v)
                mine = Op::combine(mine, items[r][v]);
        mine = warp_reduce<Op>(b, mine);
        if (b.lane() == 0) warp_totals[b.warp()] = mine;
        b.sync(ReduceLine::WarpTotals);
        if (b.warp() == 0) {
            T total = Op::identity();
            if (b.lane() < b.warps()) total = warp_totals[b.lane()];
            total = warp_reduce<Op>(b, total);
            if (t == 0) partials[b.block()] = total;
        }
    }
};

}  // namespace scanscope::kernels
