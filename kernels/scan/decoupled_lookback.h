// Merrill's single-pass scan with decoupled look-back (US patent 9928033; Merrill and Garland,
// "Single-pass Parallel Prefix Scan with Decoupled Look-back", 2016). Each input is read once
// and each output written once: 2n moves, against 3n for reduce-then-scan and 4n for
// scan-then-propagate.
//
// Every tile publishes a descriptor: first its own total (status Aggregate), then, once it knows
// everything before it, its inclusive prefix (status Prefix). A tile finds its exclusive prefix by
// looking back over its predecessors' descriptors, nearest first, adding aggregates until it
// meets a prefix, so it rarely waits for the tile just before it to finish.
#pragma once

#include "core/bits.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

struct DecoupledLookbackLine {
    enum : std::uint16_t {
        TakeTile = 30,
        ScanTile = 31,
        ScanTotals = 32,
        LookBack = 33,
        Store = 34
    };
};

// Combines one value per lane, far to near: lane 0 ends with value[31] op ... op value[0] (the
// higher the lane, the earlier its tile).
template <class Op, class Block, class T>
SS_HD T warp_reduce_far_to_near(Block& b, T value) {
    const Op op;
    for (int offset = 1; offset < 32; offset *= 2)
        value = op(b.shfl_down(value, offset), value);
    return value;
}

// Step 3 of the scan: the warp scans its rows one after the other. Each lane combines its own
// elements of a row, the warp scans the lanes' totals, and the row's total carries into the next
// row. before_lane[r] gets everything in this warp before the lane's elements of row r; the
// result is the warp's total.
template <class Op, class Block, class T, int Rows, int Vec>
SS_HD T scan_rows_of_warp(Block& b, const T (&items)[Rows][Vec], T (&before_lane)[Rows]) {
    T warp_total = Op::identity();
    for (int r = 0; r < Rows; ++r) {
        T lane_total = items[r][0];
        for (int v = 1; v < Vec; ++v)
            lane_total = Op::combine(lane_total, items[r][v]);
        const T in_row = warp_inclusive_scan<Op>(b, lane_total);
        const T before_in_row = b.shfl_up(in_row, 1);  // lane 0 gets its own: unused
        before_lane[r] = b.lane() == 0 ? warp_total : Op::combine(warp_total, before_in_row);
        warp_total = Op::combine(warp_total, b.shfl(in_row, 31));
    }
    return warp_total;
}

// Step 5, by warp 0: publish the tile's aggregate, look back over the predecessors' descriptors
// (lane i of window w reads tile - 1 - 32w - i, nearest first) adding aggregates until one holds
// a prefix, publish the inclusive prefix. Returns everything before the tile, in lane 0.
//
// A block that scanned an earlier tile itself published that tile's prefix: the look-back reads
// no further back than that tile (`known`). When the tiles in between are few, all of their
// descriptors are read at once, Windows per lane, so the look-back waits for memory once, not
// once for every 32 tiles. decoupled-lookback knows no earlier tile (known = -1) and reads one
// window at a time. A caller that published the aggregate already says so; one that published its
// prefix already (a segmented scan's tile with a head) asks for no prefix at the end.
template <class Op, int Windows = 1, class Block, class T>
SS_HD T look_back(Block& b, TileDescriptors descriptors, int tile, T aggregate, int known = -1,
                  bool aggregate_published = false, bool publish_prefix = true) {
    const Op op;
    if (tile == 0) {  // nothing before it
        if (b.lane() == 0) b.publish(descriptors, tile, TileStatus::Prefix, to_bits(aggregate));
        return Op::identity();
    }
    if (b.lane() == 0 && !aggregate_published)
        b.publish(descriptors, tile, TileStatus::Aggregate, to_bits(aggregate));
    const auto read = [&](int target) {
        if (target >= 0 && target >= known) return b.peek(descriptors, tile, target);
        return TileDescriptor{TileStatus::Prefix, to_bits(Op::identity())};  // nothing to add
    };
    T exclusive = Op::identity();
    for (int end = tile - 1;; end -= 32 * Windows) {
        TileDescriptor d[Windows];
        for (int w = 0; w < Windows; ++w)
            d[w] = read(end - 32 * w - b.lane());
        for (int w = 0; w < Windows; ++w) {
            while (b.ballot(d[w].status == TileStatus::Invalid)) {
                b.back_off();  // not all ready: wait a little, look again
                d[w] = read(end - 32 * w - b.lane());
            }
            const unsigned prefix_lanes = b.ballot(d[w].status == TileStatus::Prefix);
            const int stop = prefix_lanes ? lowest_set_bit(prefix_lanes) : 31;
            const T value = b.lane() <= stop ? from_bits<T>(d[w].value) : Op::identity();
            exclusive = op(warp_reduce_far_to_near<Op>(b, value), exclusive);
            if (prefix_lanes) {  // met a tile that knew its prefix
                if (b.lane() == 0 && publish_prefix)
                    b.publish(descriptors, tile, TileStatus::Prefix,
                              to_bits(op(exclusive, aggregate)));
                return exclusive;
            }
        }
    }
}

// Step 6, for one row: the lane's elements become outputs, given everything before them (the
// tiles before, the warps before, the lanes and rows before).
template <class Op, class T, int Vec>
SS_HD_INLINE void scan_lane_row(T before, bool inclusive, T (&row)[Vec]) {
    for (int v = 0; v < Vec; ++v) {
        const T next = Op::combine(before, row[v]);
        row[v] = inclusive ? next : before;
        before = next;
    }
}

// A tile is the block's threads times Rows * Vec elements. Each warp takes Rows rows of 32 * Vec
// consecutive elements, and each lane Vec consecutive elements of every row, so a warp reads and
// writes each row in one coalesced sweep (one 16-byte access per lane when Vec is 4). The
// captured scan runs 1 x 1: one element per thread, easy to follow; the timed scan runs larger
// tiles (its policy, scan/lookback_policies.h), from this same source.
template <class T, class Op, int Rows, int Vec>
struct DecoupledLookbackScan {
    static constexpr int kItems = Rows * Vec;  // per thread
    // 80 elements per thread take about 128 registers: at most 512 threads fit one SM's 64K.
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
    const T* in;
    T* out;
    int n;
    bool inclusive;
    TileDescriptors descriptors;
    int* tile_counter;  // zero before the launch (TileDescriptors says who zeroes it)

    SS_HD static int tile_elements(int threads) { return threads * kItems; }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = DecoupledLookbackLine;
        auto warp_totals = shared_memory<T>(b, 32);
        auto tile_slot = shared_memory<int>(b, 1);
        auto prefix_slot = shared_memory<T>(b, 1);

        // 1. Tiles are numbered in the order blocks start, not by block index: a tile then only
        //    ever waits for tiles whose blocks are already running.
        b.at(Line::TakeTile);
        if (b.thread() == 0) {
            const int taken = b.take_tile(tile_counter);
            tile_slot[0] = taken;
            descriptors.ready_next_launch(taken);  // only where a timing loop repeats the launch
        }
        b.sync(Line::ScanTile);
        const int tile = tile_slot[0];

        // 2. Each lane loads its Vec consecutive elements of each of its warp's rows (all rows
        //    first, so that every load is in flight at once).
        const int warp_first = tile * tile_elements(b.threads()) + b.warp() * Rows * 32 * Vec;
        T items[Rows][Vec];
        for (int r = 0; r < Rows; ++r)
            load_consecutive<Vec>(in, warp_first + (r * 32 + b.lane()) * Vec, n, Op::identity(),
                                  items[r]);

        // 3. The warp scans row after row (shuffles).
        T before_lane[Rows];
        const T warp_total = scan_rows_of_warp<Op>(b, items, before_lane);

        // 4. The block combines its warps' totals: the tile's aggregate.
        const WarpTotalsScan<T> warps =
            scan_warp_totals<Op>(b, warp_total, warp_totals, Line::ScanTotals, Line::LookBack);

        // 5. Warp 0 publishes the tile's aggregate, looks back, publishes the inclusive prefix.
        if (b.warp() == 0) {
            const T exclusive = look_back<Op>(b, descriptors, tile, warps.aggregate);
            if (b.lane() == 0) prefix_slot[0] = exclusive;
        }
        b.sync(Line::Store);

        // 6. Add what comes before each element, and store, row by row.
        const T before_warp = Op::combine(prefix_slot[0], warps.before_warp);
        for (int r = 0; r < Rows; ++r) {
            scan_lane_row<Op>(Op::combine(before_warp, before_lane[r]), inclusive, items[r]);
            store_consecutive<Vec>(out, warp_first + (r * 32 + b.lane()) * Vec, n, items[r]);
        }
    }
};

}  // namespace scanscope::kernels
