// The single-pass scan by blocks that stay, each with one tile in registers and the next one on its
// way into shared memory (the stage): Merrill's decoupled look-back (decoupled_lookback.h), with
// each tile's aggregate published as soon as its own loads have landed.
//
// In decoupled-lookback a block loads its tile, scans it, waits while warp 0 looks back, and
// stores: while a tile looks back, its SM asks memory for nothing, and on a GPU with more
// bandwidth than an H100's that shows (bench/tuning.md). Here each block stays for many tiles and
// its SM's memory never rests:
//   - while warp 0 looks back for this tile, every warp waits for the next tile's copy to land in
//     the stage and adds up its part, and warp 0 publishes that aggregate before this tile's
//     outputs go out: a tile's aggregate waits only for its own loads, never for the look-back of
//     the tile before it, so the tiles after it find it early;
//   - then each thread stores its rows of this tile one by one, and as each row goes out, it moves
//     the next tile's row from the stage into the row's registers and asks for the row of the tile
//     after next to be copied into its place (cp.async: the copy lands behind the thread's back),
//     so that the loads go on while the block stores.
//
// The first tiles are dealt round the blocks by index (block b takes b, b + G, b + 2G, ... of a
// grid of G), so that a block asks nobody for a tile number: at the start its loads go out at once,
// and on every step the number of the tile after next is known without a round trip to a counter
// while warp 0 looks back. The tiles after those (a large scan's) come from a counter, each taken
// just before its copy is asked for, so that a faster SM takes more of them. Dealing needs every
// block resident at once, or a tile could wait for a block that never starts: the grid is at most
// what fits on the GPU together, and the GPU launch is cooperative, which guarantees it.
#pragma once

#include "core/async_copy.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/decoupled_lookback.h"
#include "scan/staged_tile.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

struct StagedLookbackLine {
    enum : std::uint16_t {
        LookBack = 52,  // (50 and 51 were steps of an earlier form of this kernel)
        Store = 53,
        LoadFirst = 54
    };
};

template <class T, class Op, int Rows, int Vec>
struct StagedLookbackScan {
    static constexpr int kItems = Rows * Vec;  // per thread
    // A tile in registers, 48 elements per thread, takes about 120 registers: at most 512
    // threads fit one SM's 64K.
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
    // Descriptors each lane of warp 0 reads at once (see pipelined-lookback).
    static constexpr int kLookBackWindows = Vec > 1 ? 5 : 1;
    const T* in;
    T* out;
    int n;
    bool inclusive;
    TileDescriptors descriptors;
    int* tile_counter;  // zero before the launch (TileDescriptors says who zeroes it)
    int tiles;
    // Tiles 0 .. dealt_tiles - 1 are dealt round the blocks; at least two rounds (or all tiles),
    // so that every block's first two tiles are its own.
    int dealt_tiles;
    static constexpr bool kPersistent = true;  // every block resident at once (see above)
    // One descriptor a 128-byte line even for one round of tiles: at 2^20 on the H200, 0.69-0.70
    // x CUB against 0.73 packed, where all 128 look-backs read the lines being published to
    // (bench/tuning.md).
    static constexpr bool kSpreadOneRound = true;

    SS_HD static int tile_elements(int threads) { return threads * kItems; }
    SS_HD static std::uint32_t shared_bytes(int threads) {
        return std::uint32_t(tile_elements(threads) + 32 + 32 + 1) * sizeof(T) + sizeof(int);
    }

    // A tile this block took (nothing past the last): the L2 is asked to bring in and keep its
    // descriptor's line, which the block publishes to a step or two later and the look-backs of
    // the tiles after it read, and the next launch's descriptor of it is made ready (only where a
    // timing loop repeats). The line was last written a launch ago: since then more bytes than
    // the L2 holds may have streamed through it (bench/tuning.md).
    template <class Block>
    SS_HD int taken(Block& b, int tile) const {
        if (tile < tiles) {
            b.keep_in_l2(descriptors, tile);
            descriptors.ready_next_launch(tile);
        }
        return tile;
    }
    // The block takes `tile` by its index, dealt to it (nothing past the last).
    template <class Block>
    SS_HD int own(Block& b, int tile) const {
        if (tile < tiles) b.note_taken(tile);
        return taken(b, tile);
    }
    // The block's tile after `tile` (thread 0): the next dealt to it, or else one from the counter,
    // whose tickets count from the first tile not dealt.
    template <class Block>
    SS_HD int tile_after(Block& b, int tile) const {
        if (tile + b.blocks() < dealt_tiles) return own(b, tile + b.blocks());
        if (dealt_tiles >= tiles) return tiles;  // all were dealt: none left
        return taken(b, b.take_tile(tile_counter, dealt_tiles));
    }

    // The lane's elements of row r of `tile` (nothing past the last tile) are copied into the
    // stage; the copies of a tile make one group.
    template <class Block, class Stage>
    SS_HD void copy_row_ahead(Block& b, const Stage& stage, int tile, int r) const {
        if (tile >= tiles) return;
        const int at = lane_row_in_tile<Rows, Vec>(b, r);
        copy_ahead<Vec>(b, stage, at, in, tile * tile_elements(b.threads()) + at, n,
                        Op::identity());
    }
    template <class Block, class Stage>
    SS_HD void copy_tile_ahead(Block& b, const Stage& stage, int tile) const {
        for (int r = 0; r < Rows; ++r)
            copy_row_ahead(b, stage, tile, r);
        copies_sent(b);
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = StagedLookbackLine;
        const int size = tile_elements(b.threads());
        auto stage = shared_memory<T>(b, size);      // the block's next tile, copied in ahead
        auto warp_totals = shared_memory<T>(b, 32);  // this tile's, by warp
        auto next_totals = shared_memory<T>(b, 32);  // the next tile's, by warp
        auto prefix = shared_memory<T>(b, 1);        // what comes before this tile
        auto taken = shared_memory<int>(b, 1);       // the block's tile after next
        const auto row = [&](int r) { return lane_row_in_tile<Rows, Vec>(b, r); };

        // 1. The block's first two tiles are dealt to it: every thread loads its elements of the
        //    first straight into registers (the loads stay in flight) and asks for its elements of
        //    the second to be copied into the stage: from the start, two tiles are on their way.
        //    Then each warp scans its rows of the first tile in registers.
        b.at(Line::LoadFirst);
        int tile = b.thread() == 0 ? own(b, b.block()) : b.block();
        int next = tile + b.blocks();
        if (b.thread() == 0) own(b, next);
        T items[Rows][Vec];
        for (int r = 0; r < Rows; ++r)
            load_consecutive<Vec>(in, tile * size + row(r), n, Op::identity(), items[r]);
        copy_tile_ahead(b, stage, next);

        for (int last = -1; tile < tiles;) {
            // 2. Each warp scans its rows of this tile in registers.
            T before_lane[Rows];
            const T warp_total = scan_rows_of_warp<Op>(b, items, before_lane);
            if (b.lane() == 31) warp_totals[b.warp()] = warp_total;
            b.sync(Line::LookBack, tile);

            // 3. Every warp combines the warps' totals itself: what comes before the warp, and the
            //    tile's aggregate.
            const WarpTotalsScan<T> warps = every_warp_scans_totals<Op, T>(b, warp_totals, 0);

            // 4. Warp 0 looks back for this tile, whose aggregate went out a step ago (the block's
            //    first tile publishes it now). The prefix of the block's own last tile stops it at
            //    the latest. Then thread 0 names the tile after next (dealt, or from the counter).
            //    Meanwhile every warp waits for the next tile's copy and adds up its part, warp 0
            //    once it is back.
            if (b.warp() == 0) {
                const T exclusive = look_back<Op, kLookBackWindows>(
                    b, descriptors, tile, warps.aggregate, last, last >= 0);
                if (b.lane() == 0) {
                    prefix[0] = exclusive;
                    taken[0] = next < tiles ? tile_after(b, next) : tiles;
                }
            }
            if (next < tiles) {
                wait_for_copies<0>(b);
                const T next_warp_total = add_up_rows_of_warp<Op, Rows, Vec>(b, stage, 0);
                if (b.lane() == 0) next_totals[b.warp()] = next_warp_total;
            }
            b.sync(Line::Store, tile);

            // 5. Warp 0 publishes the next tile's aggregate, before this tile's outputs go out.
            if (b.warp() == 0 && next < tiles) {
                const T total = b.lane() < b.warps() ? T(next_totals[b.lane()]) : Op::identity();
                const T aggregate = warp_reduce_far_to_near<Op>(b, total);
                if (b.lane() == 0)
                    b.publish(descriptors, next, TileStatus::Aggregate, to_bits(aggregate));
            }

            // 6. Each thread adds what comes before to its elements of this tile and stores them,
            //    row by row. As a row goes out, the next tile's row moves from the stage into its
            //    registers, and the row of the tile after next is asked for in its place.
            const T before_warp = Op::combine(T(prefix[0]), warps.before_warp);
            const int after_next = taken[0];
            for (int r = 0; r < Rows; ++r) {
                scan_lane_row<Op>(Op::combine(before_warp, before_lane[r]), inclusive, items[r]);
                store_consecutive<Vec>(out, tile * size + row(r), n, items[r]);
                if (next < tiles) {
                    read_consecutive<Vec>(b, stage, row(r), items[r]);
                    copy_row_ahead(b, stage, after_next, r);
                }
            }
            copies_sent(b);
            last = tile;
            tile = next;
            next = after_next;
        }
    }
};

}  // namespace scanscope::kernels
