// Reduction with warp shuffles: each warp reduces in registers (__shfl_down_sync), only the 32
// warp totals go through shared memory, and warp 0 reduces them.
#pragma once

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

template <class T, class Op>
struct ReduceWarpShuffle {
    static constexpr int kElementsPerThread = 2;
    const T* in;
    T* partials;
    int n;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const int t = b.thread();
        const int i = b.block() * (2 * b.threads()) + t;
        auto warp_totals = shared_memory<T>(b, 32);
        b.at(ReduceLine::Load);
        const T first = i < n ? in[i] : Op::identity();
        const T second = i + b.threads() < n ? in[i + b.threads()] : Op::identity();
        const T mine = warp_reduce<Op>(b, Op::combine(first, second));
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
