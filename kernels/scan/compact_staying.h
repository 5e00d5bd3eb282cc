// Stream compaction in one pass by blocks that stay: compact-lookback's steps (compact_lookback.h)
// done by each block to many tiles, with the next tile's loads in flight all the while.
//
// In compact-lookback a block takes one tile: it loads it, counts it, waits while warp 0 looks
// back, and writes it out, and while it counts, waits and writes, it asks memory for nothing. On a
// GPU with an H200's bandwidth that leaves memory idle (bench/tuning.md). Here each block asks for
// its next tile's elements, into a second set of registers, before it starts on this one: the
// loads stay in flight while the block flags, counts, packs, looks back and sweeps out, and have
// landed when it comes to them. Nothing passes through a stage in shared memory (the staged scan's
// way), so a tile costs the same instructions as in compact-lookback, less the first barrier.
//
// The first tiles are dealt round the blocks by index and the rest come from a counter, as in
// staged-lookback (staged_tile.h): every block is resident at once (a cooperative launch).
#pragma once

#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/keep_rule.h"
#include "core/ops.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/compact_lookback.h"
#include "scan/decoupled_lookback.h"
#include "scan/staged_tile.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

struct CompactStayingLine {
    enum : std::uint16_t { LoadFirst = 45, PackAndLookBack = 46, Store = 47 };
};

template <class T, int Rows, int Vec>
struct CompactStaying {
    static constexpr int kItems = Rows * Vec;  // per thread
    // Two tiles' elements in registers: at most 512 threads fit one SM's 64K.
    static constexpr int kMaxBlockThreads = kItems > 8 ? 512 : 0;  // 0: no bound
    static constexpr int kSweep = CompactLookback<T, Rows, Vec>::kSweep;
    // Descriptors each lane of warp 0 reads at once (see staged-lookback).
    static constexpr int kLookBackWindows = Vec > 1 ? 5 : 1;
    using Count = AddOp<int>;
    const T* in;
    T* out;
    int n;
    int* kept;  // one word: how many elements are kept (written by the last tile)
    TileDescriptors descriptors;
    int* tile_counter;  // zero before the launch (TileDescriptors says who zeroes it)
    int tiles;
    int dealt_tiles;  // tiles dealt round the blocks by index (staged_tile.h)
    Keep<T> keep;     // the predicate (core/keep_rule.h)
    static constexpr bool kPersistent = true;      // every block resident at once (see above)
    static constexpr bool kSpreadOneRound = true;  // as staged-lookback's descriptors

    SS_HD static int tile_elements(int threads) { return threads * kItems; }
    // Two tiles' warp counts, prefixes, tiles taken and kept elements packed: one tile's are
    // read while the next tile's are written, with no barrier between.
    SS_HD static std::uint32_t shared_bytes(int threads) {
        return std::uint32_t(64 + 2 + 2) * 4 +
               std::uint32_t(2 * tile_elements(threads)) * std::uint32_t(sizeof(T));
    }

    template <class Block>
    SS_HD void load_tile(Block& b, int tile, T (&items)[Rows][Vec]) const {
        for (int r = 0; r < Rows; ++r)
            load_consecutive<Vec>(
                in, tile * tile_elements(b.threads()) + lane_row_in_tile<Rows, Vec>(b, r), n, T(0),
                items[r]);
    }

    // What a block carries from one tile to the next: the tiles it holds, and this tile's flags.
    struct Turn {
        int tile;        // this tile (its elements in registers, counted, its count published)
        int next;        // the next (its elements on their way)
        int after_next;  // the one after (taken, not yet asked for)
        int last;        // the block's tile before this one (-1: none)
        int buffer;      // which of the double-buffered shared arrays this tile uses
        KeptBits<Rows, Vec> flags;
    };

    // The lane's flags of `tile`, and its warp's count of them into counts[warp].
    template <class Block, class Counts>
    SS_HD KeptBits<Rows, Vec> flag_and_count(Block& b, int tile, const T (&items)[Rows][Vec],
                                             const Counts& counts, int at) const {
        const int lane_first =
            tile * tile_elements(b.threads()) + lane_row_in_tile<Rows, Vec>(b, 0);
        const KeptBits<Rows, Vec> flags = flag_kept(keep, items, lane_first, n, tile == tiles - 1);
        int lane_kept = 0;
        for (int w = 0; w < KeptBits<Rows, Vec>::kWords; ++w)
            lane_kept += count_set_bits(flags.words[w]);
        const int warp_kept = warp_reduce_far_to_near<Count>(b, lane_kept);
        if (b.lane() == 0) counts[at + b.warp()] = warp_kept;
        return flags;
    }

    // One tile: `items` holds its elements (landed), `ahead` the next tile's (on their way).
    // Afterwards `items` holds the tile after next's, on their way.
    template <class Block, class Shared>
    SS_HD void one_tile(Block& b, const Shared& s, Turn& t, T (&items)[Rows][Vec],
                        T (&ahead)[Rows][Vec]) const {
        using Line = CompactStayingLine;
        const int size = tile_elements(b.threads());
        // a. Each warp counts, row by row, the kept elements before each lane's; every warp
        //    combines the warps' counts itself, and packs its kept elements in shared memory.
        int before_lane[Rows];
        count_rows_of_warp(b, t.flags, before_lane);
        const WarpTotalsScan<int> warps =
            every_warp_scans_totals<Count, int>(b, s.counts, t.buffer * 32);
        pack_kept(s.packed, items, t.flags, t.buffer * size + warps.before_warp, before_lane);

        // b. This tile's elements are packed: their registers take the tile after next's, which
        //    stay in flight through this tile's look-back and sweep and the next tile's steps.
        if (t.after_next < tiles) load_tile(b, t.after_next, items);

        // c. Warp 0 looks back for the count kept before this tile (no further than the block's
        //    own last tile); the last tile's inclusive prefix is the count kept in all. Thread 0
        //    takes the tile after the one after next. Meanwhile every warp flags the next tile's
        //    elements once they land and counts them, warp 0 once it is back.
        if (b.warp() == 0) {
            const int kept_before = look_back<Count, kLookBackWindows>(
                b, descriptors, t.tile, warps.aggregate, t.last, t.last >= 0);
            if (b.lane() == 0) {
                s.prefix[t.buffer] = kept_before;
                if (t.tile == tiles - 1) *kept = kept_before + warps.aggregate;
                s.taken[t.buffer] =
                    t.after_next < tiles ? staged_tile_after(*this, b, t.after_next) : tiles;
            }
        }
        KeptBits<Rows, Vec> next_flags;
        if (t.next < tiles)
            next_flags = flag_and_count(b, t.next, ahead, s.counts, (1 - t.buffer) * 32);
        b.sync(Line::Store, t.tile);

        // d. Warp 0 publishes the next tile's count, its aggregate, before this tile's elements
        //    go out: the tiles after it find it early.
        if (b.warp() == 0 && t.next < tiles) {
            const int count =
                b.lane() < b.warps() ? int(s.counts[(1 - t.buffer) * 32 + b.lane()]) : 0;
            const int aggregate = warp_reduce_far_to_near<Count>(b, count);
            if (b.lane() == 0)
                b.publish(descriptors, t.next, TileStatus::Aggregate, to_bits(aggregate));
        }

        // e. The tile's kept elements out, after the count kept before it.
        sweep_out<kSweep>(b, out, s.packed, s.prefix[t.buffer], warps.aggregate, t.buffer * size);
        const int taken = s.taken[t.buffer];
        t = Turn{t.next, t.after_next, taken, t.tile, 1 - t.buffer, next_flags};
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = CompactStayingLine;
        struct Shared {
            SharedArray<int, Block> counts;  // the warps' counts, two tiles'
            SharedArray<int, Block> prefix;  // the count kept before a tile, two tiles'
            SharedArray<int, Block> taken;   // the tile after the one after next, two tiles'
            SharedArray<T, Block> packed;    // a tile's kept elements, two tiles'
        };
        const Shared s{shared_memory<int>(b, 64), shared_memory<int>(b, 2),
                       shared_memory<int>(b, 2),
                       shared_memory<T>(b, 2 * tile_elements(b.threads()))};

        // 1. The block's first tiles are dealt to it: each thread asks for its elements of the
        //    first two (0 past n), flags the first's and counts them; thread 0 names the third.
        b.at(Line::LoadFirst);
        Turn t{b.block(), b.block() + b.blocks(), tiles, -1, 0, {}};
        if (b.thread() == 0) {
            staged_own(*this, b, t.tile);
            staged_own(*this, b, t.next);
            s.taken[1] = t.next < tiles ? staged_tile_after(*this, b, t.next) : tiles;
        }
        T first[Rows][Vec], second[Rows][Vec];
        load_tile(b, t.tile, first);
        if (t.next < tiles) load_tile(b, t.next, second);
        if (t.tile < tiles) t.flags = flag_and_count(b, t.tile, first, s.counts, 0);
        b.sync(Line::PackAndLookBack, t.tile);
        t.after_next = s.taken[1];

        // 2. Tile after tile, the two sets of registers taking turns.
        while (t.tile < tiles) {
            one_tile(b, s, t, first, second);
            if (t.tile >= tiles) break;
            one_tile(b, s, t, second, first);
        }
    }
};

}  // namespace scanscope::kernels
