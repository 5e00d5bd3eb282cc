// A tile copied into shared memory ahead of its scan (pipelined-lookback's ring, staged-lookback's
// and compact-lookback's stage): where each lane's rows sit, a warp's part of the tile's total,
// and, for blocks that stay (staged-lookback, compact-lookback's timed form), which tile a block
// takes next and the copies of its rows into the stage.
//
// The layout is decoupled-lookback's: each warp takes Rows rows of 32 * Vec consecutive elements,
// each lane Vec consecutive elements of every row. Each thread copies, and later reads back, only
// its own elements, so a copy and its reads need no barrier between them.
#pragma once

#include "core/async_copy.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
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

// Blocks that stay: `Kernel` holds in, n, descriptors, tile_counter, tiles (how many) and
// dealt_tiles (tiles 0 .. dealt_tiles - 1 are dealt round the blocks by index, at least two
// rounds or all tiles, so that every block's first two tiles are its own; the rest come from the
// counter, whose tickets count from the first tile not dealt).
//
// A tile the block took (nothing past the last): the L2 is asked to bring in and keep its
// descriptor's line, which the block publishes to a step or two later and the look-backs of the
// tiles after it read, and the next launch's descriptor of it is made ready (only where a timing
// loop repeats). The line was last written a launch ago: since then more bytes than the L2 holds
// may have streamed through it (bench/tuning.md).
template <class Kernel, class Block>
SS_HD int staged_taken(const Kernel& k, Block& b, int tile) {
    if (tile < k.tiles) {
        b.keep_in_l2(k.descriptors, tile);
        k.descriptors.ready_next_launch(tile);
    }
    return tile;
}

// The block takes `tile` by its index, dealt to it (nothing past the last).
template <class Kernel, class Block>
SS_HD int staged_own(const Kernel& k, Block& b, int tile) {
    if (tile < k.tiles) b.note_taken(tile);
    return staged_taken(k, b, tile);
}

// The block's tile after `tile` (thread 0): the next dealt to it, or else one from the counter.
template <class Kernel, class Block>
SS_HD int staged_tile_after(const Kernel& k, Block& b, int tile) {
    if (tile + b.blocks() < k.dealt_tiles) return staged_own(k, b, tile + b.blocks());
    if (k.dealt_tiles >= k.tiles) return k.tiles;  // all were dealt: none left
    return staged_taken(k, b, b.take_tile(k.tile_counter, k.dealt_tiles));
}

// The lane's elements of row r of `tile` (nothing past the last tile) are copied into the stage,
// `fill` past n; the copies of a tile make one group.
template <int Rows, int Vec, class Kernel, class Block, class Stage, class T>
SS_HD void staged_copy_row_ahead(const Kernel& k, Block& b, const Stage& stage, int tile, int r,
                                 T fill) {
    if (tile >= k.tiles) return;
    const int at = lane_row_in_tile<Rows, Vec>(b, r);
    const int size = b.threads() * Rows * Vec;
    copy_ahead<Vec>(b, stage, at, k.in, tile * size + at, k.n, fill);
}
template <int Rows, int Vec, class Kernel, class Block, class Stage, class T>
SS_HD void staged_copy_tile_ahead(const Kernel& k, Block& b, const Stage& stage, int tile, T fill) {
    for (int r = 0; r < Rows; ++r)
        staged_copy_row_ahead<Rows, Vec>(k, b, stage, tile, r, fill);
    copies_sent(b);
}

}  // namespace scanscope::kernels
