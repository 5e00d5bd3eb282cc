// compact-lookback's timed form: stream compaction in one pass by blocks that stay, each with one
// tile in registers and the next one on its way into shared memory (the stage), as
// staged-lookback's scan (staged_lookback.h) does for a scan. The captured compaction
// (compact_lookback.h) takes one tile a block; this form does the same steps to every tile, in
// the order that keeps the SM's loads going:
//   - each warp flags its rows of this tile, counts them with shuffles, and every thread packs
//     its kept elements in shared memory at their places in the tile (as compact_lookback.h);
//   - while warp 0 looks back for the count kept before this tile, every warp waits for the next
//     tile's copy to land in the stage and counts its own kept elements there, and warp 0
//     publishes that count (the next tile's aggregate) before this tile's elements go out;
//   - then the block writes this tile's packed elements out in one coalesced sweep, and each
//     thread moves its rows of the next tile from the stage into registers, asking for its rows
//     of the tile after next to be copied into their places (cp.async).
// One tile a block left an SM's memory idle while it looked back and stored: at 2^28 on an H200
// that took 1.27 x the copy of the bytes a compaction moves (bench/tuning.md).
//
// The first tiles are dealt round the blocks by index and the rest come from a counter, as in
// staged-lookback (staged_tile.h): every block is resident at once (a cooperative launch).
#pragma once

#include "core/async_copy.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/keep_rule.h"
#include "core/ops.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/decoupled_lookback.h"
#include "scan/staged_tile.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

struct CompactLookbackStagedLine {
    enum : std::uint16_t { LoadFirst = 45, PackAndLookBack = 46, Store = 47 };
};

template <class T, int Rows, int Vec>
struct CompactLookbackStaged {
    static constexpr int kItems = Rows * Vec;  // per thread
    // A tile in registers, its flags and their counts: at most 512 threads fit one SM's 64K.
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
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
    // The stage and the packed tile, the warps' counts of this tile and the next, the prefix and
    // the tile after next.
    SS_HD static std::uint32_t shared_bytes(int threads) {
        return std::uint32_t(2 * tile_elements(threads)) * std::uint32_t(sizeof(T)) +
               std::uint32_t(32 + 32 + 1 + 1) * 4;
    }

    // flags[v]: 1 where the lane's element v of row r of `tile` is kept (0 past n: in the last
    // tile that is padding, which some rules would keep).
    template <class Block, class Keeps>
    SS_HD void flag_row(Block& b, const Keeps& keeps, int tile, int r, const T (&row)[Vec],
                        int (&flags)[Vec]) const {
        const int first = tile * tile_elements(b.threads()) + lane_row_in_tile<Rows, Vec>(b, r);
        for (int v = 0; v < Vec; ++v)
            flags[v] = keeps(row[v]) && first + v < n ? 1 : 0;
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = CompactLookbackStagedLine;
        const int size = tile_elements(b.threads());
        auto stage = shared_memory<T>(b, size);        // the block's next tile, copied in ahead
        auto packed = shared_memory<T>(b, size);       // this tile's kept elements, packed
        auto warp_counts = shared_memory<int>(b, 32);  // this tile's, by warp
        auto next_counts = shared_memory<int>(b, 32);  // the next tile's, by warp
        auto prefix = shared_memory<int>(b, 1);        // the count kept before this tile
        auto taken = shared_memory<int>(b, 1);         // the block's tile after next
        const auto row = [&](int r) { return lane_row_in_tile<Rows, Vec>(b, r); };

        // 1. The block's first two tiles are dealt to it: each thread loads its elements of the
        //    first into registers (0 past n) and asks for those of the second to be copied into
        //    the stage.
        b.at(Line::LoadFirst);
        int tile = b.thread() == 0 ? staged_own(*this, b, b.block()) : b.block();
        int next = tile + b.blocks();
        if (b.thread() == 0) staged_own(*this, b, next);
        T items[Rows][Vec];
        for (int r = 0; r < Rows; ++r)
            load_consecutive<Vec>(in, tile * size + row(r), n, T(0), items[r]);
        staged_copy_tile_ahead<Rows, Vec>(*this, b, stage, next, T(0));

        for (int last = -1; tile < tiles;) {
            // 2. Each warp flags its rows of this tile and counts, row by row, the kept elements
            //    before each lane's (shuffles).
            int flags[Rows][Vec];
            keep.visit([&](auto keeps) {
                for (int r = 0; r < Rows; ++r)
                    flag_row(b, keeps, tile, r, items[r], flags[r]);
            });
            int before_lane[Rows];
            const int warp_kept = scan_rows_of_warp<Count>(b, flags, before_lane);
            if (b.lane() == 0) warp_counts[b.warp()] = warp_kept;
            b.sync(Line::PackAndLookBack, tile);

            // 3. Every warp combines the warps' counts itself: the count kept before the warp,
            //    and in the tile. Each kept element goes into shared memory, packed, at the count
            //    kept before it in the tile.
            const WarpTotalsScan<int> warps =
                every_warp_scans_totals<Count, int>(b, warp_counts, 0);
            for (int r = 0; r < Rows; ++r) {
                int at = warps.before_warp + before_lane[r];
                for (int v = 0; v < Vec; ++v)
                    if (flags[r][v]) packed[at++] = items[r][v];
            }

            // 4. Warp 0 looks back for the count kept before this tile, whose count went out a
            //    step ago (the block's first tile publishes it now); the last tile's inclusive
            //    prefix is the count kept in all. Thread 0 names the tile after next. Meanwhile
            //    every warp waits for the next tile's copy and counts its kept elements there.
            if (b.warp() == 0) {
                const int kept_before = look_back<Count, kLookBackWindows>(
                    b, descriptors, tile, warps.aggregate, last, last >= 0);
                if (b.lane() == 0) {
                    prefix[0] = kept_before;
                    if (tile == tiles - 1) *kept = kept_before + warps.aggregate;
                    taken[0] = next < tiles ? staged_tile_after(*this, b, next) : tiles;
                }
            }
            if (next < tiles) {
                wait_for_copies<0>(b);
                int lane_kept = 0;
                keep.visit([&](auto keeps) {
                    for (int r = 0; r < Rows; ++r) {
                        T next_row[Vec];
                        int next_flags[Vec];
                        read_consecutive<Vec>(b, stage, row(r), next_row);
                        flag_row(b, keeps, next, r, next_row, next_flags);
                        for (int v = 0; v < Vec; ++v)
                            lane_kept += next_flags[v];
                    }
                });
                const int next_warp_kept = warp_reduce_far_to_near<Count>(b, lane_kept);
                if (b.lane() == 0) next_counts[b.warp()] = next_warp_kept;
            }
            b.sync(Line::Store, tile);

            // 5. Warp 0 publishes the next tile's count, before this tile's elements go out.
            if (b.warp() == 0 && next < tiles) {
                const int count = b.lane() < b.warps() ? int(next_counts[b.lane()]) : 0;
                const int aggregate = warp_reduce_far_to_near<Count>(b, count);
                if (b.lane() == 0)
                    b.publish(descriptors, next, TileStatus::Aggregate, to_bits(aggregate));
            }

            // 6. Each thread's rows of the next tile move from the stage into its registers (this
            //    tile's are packed), and the rows of the tile after next are asked for in their
            //    places, so that they are on their way while this tile goes out. Then the tile's
            //    kept elements go out, consecutive threads to consecutive words, after the count
            //    kept before the tile.
            const int after_next = taken[0];
            if (next < tiles)
                for (int r = 0; r < Rows; ++r) {
                    read_consecutive<Vec>(b, stage, row(r), items[r]);
                    staged_copy_row_ahead<Rows, Vec>(*this, b, stage, after_next, r, T(0));
                }
            copies_sent(b);
            const int before_tile = prefix[0];
            for (int i = b.thread(); i < warps.aggregate; i += b.threads())
                out[before_tile + i] = packed[i];
            last = tile;
            tile = next;
            next = after_next;
        }
    }
};

}  // namespace scanscope::kernels
