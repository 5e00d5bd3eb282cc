// A tile copied into shared memory ahead of its scan (pipelined-lookback's ring, staged-lookback's
// stage): where each lane's rows sit, and a warp's part of the tile's total.
//
// The layout is decoupled-lookback's: each warp takes Rows rows of 32 * Vec consecutive elements,
// each lane Vec consecutive elements of every row. Each thread copies, and later reads back, only
// its own elements, so a copy and its reads need no barrier between them.
#pragma once

#include "core/async_copy.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "scan/decoupled_lookback.h"

namespace scanscope::kernels {

// Where the lane's Vec elements of its warp's row r sit within a tile: the same place in global
// memory (from the tile's first element) and in a copy of the tile (from the copy's first).
template <int Rows, int Vec, class Block>
SS_HD_INLINE int lane_row_in_tile(Block& b, int r) {
    return (b.warp() * Rows + r) * 32 * Vec + b.lane() * Vec;
}

// Adds up the lane's elements of the tile copied to tile[at...], then across the warp: lane 0
// gets the warp's part of the tile's total.
template <class Op, int Rows, int Vec, class Block, class T>
SS_HD T add_up_rows_of_warp(Block& b, const SharedArray<T, Block>& tile, int at) {
    T lane_total = Op::identity();
    for (int r = 0; r < Rows; ++r) {
        T row[Vec];
        read_consecutive<Vec>(b, tile, at + lane_row_in_tile<Rows, Vec>(b, r), row);
        for (int v = 0; v < Vec; ++v)
            lane_total = Op::combine(lane_total, row[v]);
    }
    return warp_reduce_far_to_near<Op>(b, lane_total);
}

}  // namespace scanscope::kernels
