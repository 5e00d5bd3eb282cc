// The single-pass scan with its loads moved ahead: Merrill's decoupled look-back (see
// decoupled_lookback.h), run by persistent blocks that each keep a ring of tiles in shared memory.
//
// In decoupled-lookback a block loads its tile, scans it, waits while warp 0 looks back, stores,
// and only then does the next block on that SM begin to load: while a tile looks back, no load of
// that SM is in flight. Here each block stays for many tiles and asks for the tile Stages - 1
// ahead before it waits for this one, so that memory keeps working through every barrier and
// every look-back. Each thread copies, and later reads back, only its own elements of each tile,
// so the ring needs no barrier of its own.
//
// Nor does a block wait for its look-back: warp 0 looks back for a tile while the other warps
// store the tile before it (whose prefix warp 0 found a step ago) and go on to scan the next, so
// a tile's outputs wait a step in registers and the block meets one barrier a tile.
//
// Tiles are dealt round the blocks (block b takes b, b + G, b + 2G, ... of a grid of G), so the
// tiles in work at any moment are neighbours, as the look-back needs: a block that took its next
// tiles early from a counter would hold numbers that others must wait for. Dealing needs every
// block resident at once, or a tile could wait for a block that never starts: the grid is at most
// what fits on the GPU together, and the GPU launch is cooperative, which guarantees it.
#pragma once

#include "core/async_copy.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/decoupled_lookback.h"
#include "scan/staged_tile.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

struct PipelinedLookbackLine {
    enum : std::uint16_t {
        ScanTile = 41,  // (40 and 42 were steps of an earlier form of this kernel)
        LookBack = 43,
        Store = 44
    };
};

// A tile is laid out as in decoupled-lookback: each warp takes Rows rows of 32 * Vec consecutive
// elements, each lane Vec consecutive elements of every row. The ring holds Stages tiles.
template <class T, class Op, int Rows, int Vec, int Stages>
struct PipelinedLookbackScan {
    static_assert(Stages >= 3, "one slot to scan, one to add up ahead, at least one to fill");
    static constexpr int kItems = Rows * Vec;  // per thread
    static constexpr bool kPersistent = true;  // every block resident at once (see above)
    // A tile's outputs wait in registers while the next is scanned: 32 elements per thread take
    // about 128 registers, so at most 512 threads fit one SM's 64K.
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
    // Descriptors each lane of warp 0 reads at once: a grid of up to 32 * 5 blocks (one an SM on
    // Hopper) looks back in one round trip; a larger one slides on.
    static constexpr int kLookBackWindows = Vec > 1 ? 5 : 1;
    const T* in;
    T* out;
    int n;
    bool inclusive;
    TileDescriptors descriptors;
    int tiles;

    SS_HD static int tile_elements(int threads) { return threads * kItems; }
    SS_HD static std::uint32_t shared_bytes(int threads) {
        return std::uint32_t(Stages * tile_elements(threads) + 2 * 32 + 2 * 32 + 2) * sizeof(T);
    }

    template <class Block>
    SS_HD static int in_tile(Block& b, int r) {
        return lane_row_in_tile<Rows, Vec>(b, r);
    }

    // Each lane asks for its elements of `tile` (nothing past the last tile) to be copied into
    // ring slot `slot`; they make one group, empty or not.
    template <class Block, class Ring>
    SS_HD void copy_tile_ahead(Block& b, const Ring& ring, int slot, int tile) const {
        const int size = tile_elements(b.threads());
        if (tile < tiles)
            for (int r = 0; r < Rows; ++r)
                copy_ahead<Vec>(b, ring, slot * size + in_tile(b, r), in,
                                tile * size + in_tile(b, r), n, Op::identity());
        copies_sent(b);
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = PipelinedLookbackLine;
        auto ring = shared_memory<T>(b, Stages * tile_elements(b.threads()));
        // Two of each below, by the parity of the block's tile count k: a warp may already write
        // the next tile's while a slower one still reads this tile's.
        auto warp_totals = shared_memory<T>(b, 2 * 32);
        auto next_totals = shared_memory<T>(b, 2 * 32);  // the warps' totals of the tile after
        auto prefixes = shared_memory<T>(b, 2);          // what comes before a tile
        const int size = tile_elements(b.threads());
        const auto tile_number = [&](int k) { return b.block() + k * b.blocks(); };  // k-th tile

        // 1. Ask for the block's first Stages - 1 tiles.
        b.at(Line::ScanTile, tile_number(0), 0);
        for (int s = 0; s + 1 < Stages; ++s)
            copy_tile_ahead(b, ring, s, tile_number(s));

        // The last tile's outputs, but for what comes before that tile: they wait here (in
        // registers) while warp 0 looks back for it, and go out once the next tile is scanned.
        T waiting[Rows][Vec];
        int last = -1;  // the block's last tile
        for (int k = 0;; ++k) {
            const int tile = tile_number(k);
            const int next = tile_number(k + 1);
            const int tile_ahead = tile_number(k + Stages - 1);
            const int half = k % 2;
            const bool have = tile < tiles;
            T items[Rows][Vec] = {};
            T before_lane[Rows] = {};
            if (have) {
                // 2. Ask for the tile Stages - 1 ahead, into the slot the last tile freed; wait
                //    for the copies of this tile and the next (all but the newest Stages - 2).
                const int slot = k % Stages, next_slot = (k + 1) % Stages;
                copy_tile_ahead(b, ring, (k + Stages - 1) % Stages, tile_ahead);
                wait_for_copies<Stages - 2>(b);

                // 3. Scan this tile's rows, and add up the lane's elements of the next tile.
                for (int r = 0; r < Rows; ++r)
                    read_consecutive<Vec>(b, ring, slot * size + in_tile(b, r), items[r]);
                const T warp_total = scan_rows_of_warp<Op>(b, items, before_lane);
                if (b.lane() == 31) warp_totals[half * 32 + b.warp()] = warp_total;
                if (next < tiles) {
                    const T next_warp_total =
                        add_up_rows_of_warp<Op, Rows, Vec>(b, ring, next_slot * size);
                    if (b.lane() == 0) next_totals[half * 32 + b.warp()] = next_warp_total;
                }
            }
            // The block's one barrier a tile: this tile's warp totals are out, and so is the
            // last tile's prefix (warp 0 looked back for it before it came here).
            if (have)
                b.sync(Line::LookBack, tile);
            else
                b.sync(Line::Store, last);

            // 4. The last tile's outputs get what comes before that tile, and go out.
            if (k > 0) {
                const T prefix = prefixes[1 - half];
                for (int r = 0; r < Rows; ++r) {
                    for (int v = 0; v < Vec; ++v)
                        waiting[r][v] = Op::combine(prefix, waiting[r][v]);
                    store_consecutive<Vec>(out, last * size + in_tile(b, r), n, waiting[r]);
                }
            }
            if (!have) break;

            // 5. Every warp combines the warps' totals itself (no second barrier): what comes
            //    before the warp, and the tile's aggregate. Its outputs wait for the tile's prefix.
            const WarpTotalsScan<T> warps =
                every_warp_scans_totals<Op, T>(b, warp_totals, half * 32);
            for (int r = 0; r < Rows; ++r) {
                scan_lane_row<Op>(Op::combine(warps.before_warp, before_lane[r]), inclusive,
                                  items[r]);
                for (int v = 0; v < Vec; ++v)
                    waiting[r][v] = items[r][v];
            }

            // 6. Warp 0 publishes the next tile's aggregate a tile early, so that the tiles
            //    looking back now and soon find it there. Then it looks back for this tile (whose
            //    aggregate went out a tile ago, except in the first round): the prefix of the
            //    block's own last tile stops it at the latest, so the G descriptors back to it
            //    are read at once. Then it publishes this tile's inclusive prefix. The other
            //    warps do not wait for it: they go on to the next tile.
            if (b.warp() == 0) {
                if (next < tiles) {
                    const T next_total = b.lane() < b.warps() ? T(next_totals[half * 32 + b.lane()])
                                                              : Op::identity();
                    const T next_aggregate = warp_reduce_far_to_near<Op>(b, next_total);
                    if (b.lane() == 0)
                        b.publish(descriptors, next, TileStatus::Aggregate,
                                  to_bits(next_aggregate));
                }
                const T exclusive = look_back<Op, kLookBackWindows>(b, descriptors, tile,
                                                                    warps.aggregate, last, k > 0);
                if (b.lane() == 0) {
                    prefixes[half] = exclusive;
                    descriptors.ready_next_launch(tile);  // only where a timing loop repeats
                }
            }
            last = tile;
        }
    }
};

}  // namespace scanscope::kernels
