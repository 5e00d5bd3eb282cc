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

template <class T, class Op, int Items>
struct DecoupledLookbackScan {
    const T* in;
    T* out;
    int n;
    bool inclusive;
    DescriptorWord* descriptors;  // one per tile, zero (Invalid) before the launch
    int* tile_counter;            // zero before the launch

    SS_HD static int tile_elements(int threads) { return threads * Items; }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = DecoupledLookbackLine;
        const Op op;
        auto warp_totals = shared_memory<T>(b, 32);
        auto tile_slot = shared_memory<int>(b, 1);
        auto prefix_slot = shared_memory<T>(b, 1);

        // 1. Tiles are numbered in the order blocks start, not by block index: a tile then only
        //    ever waits for tiles whose blocks are already running.
        b.at(Line::TakeTile);
        if (b.thread() == 0) tile_slot[0] = b.atomic_add(tile_counter, 1);
        b.sync(Line::ScanTile);
        const int tile = tile_slot[0];

        // 2. Each thread loads Items consecutive elements and combines them; the block scans the
        //    threads' totals.
        const int first = tile * tile_elements(b.threads()) + b.thread() * Items;
        T items[Items];
        T thread_total = Op::identity();
        for (int i = 0; i < Items; ++i) {
            items[i] = first + i < n ? in[first + i] : Op::identity();
            thread_total = Op::combine(thread_total, items[i]);
        }
        const BlockScanResult<T> scan =
            block_scan<Op>(b, thread_total, warp_totals, Line::ScanTotals, Line::LookBack);

        // 3. Warp 0 publishes the tile's aggregate, looks back, publishes the inclusive prefix.
        if (b.warp() == 0) {
            T exclusive = Op::identity();
            if (tile == 0) {
                if (b.lane() == 0)
                    b.publish(descriptors, tile, TileStatus::Prefix, to_bits(scan.aggregate));
            } else {
                if (b.lane() == 0)
                    b.publish(descriptors, tile, TileStatus::Aggregate, to_bits(scan.aggregate));
                int window_end = tile - 1;  // lane i reads tile window_end - i
                for (;;) {
                    const int target = window_end - b.lane();
                    TileDescriptor d{TileStatus::Prefix, to_bits(Op::identity())};
                    if (target >= 0) d = b.peek(descriptors, tile, target);
                    if (b.ballot(d.status == TileStatus::Invalid))
                        continue;  // not all ready: again
                    const unsigned prefix_lanes = b.ballot(d.status == TileStatus::Prefix);
                    const int stop = prefix_lanes ? lowest_set_bit(prefix_lanes) : 31;
                    const T value = b.lane() <= stop ? from_bits<T>(d.value) : Op::identity();
                    exclusive = op(warp_reduce_far_to_near<Op>(b, value), exclusive);
                    if (prefix_lanes) break;  // met a tile that knew its prefix
                    window_end -= 32;
                }
                if (b.lane() == 0)
                    b.publish(descriptors, tile, TileStatus::Prefix,
                              to_bits(op(exclusive, scan.aggregate)));
            }
            if (b.lane() == 0) prefix_slot[0] = exclusive;
        }
        b.sync(Line::Store);

        // 4. Everything before this thread's elements: the tiles before, then the threads before.
        T running = Op::combine(prefix_slot[0], scan.exclusive);
        for (int i = 0; i < Items; ++i) {
            const T next = Op::combine(running, items[i]);
            if (first + i < n) out[first + i] = inclusive ? next : running;
            running = next;
        }
    }
};

}  // namespace scanscope::kernels
