// A segmented scan of any n in one pass: decoupled-lookback's tiles (decoupled_lookback.h), each
// element carrying its head flag. Scanning (value, head) pairs with
//     (a, ha) . (b, hb) = (hb ? b : a + b, ha | hb)
// is a scan with an associative operator (Schwartz; Blelloch 1990, 4.2): a head starts the sum
// again, and a pair remembers whether a head lies in it. The warps need no second shuffle for the
// heads: a ballot tells each lane where its segment starts.
//
// The look-back needs nothing new. A tile with a head knows its carry, the sum from its last head
// to its end, without its predecessors: it publishes that at once as its PREFIX, and look-backs
// from the tiles after it stop there. A tile without a head publishes its AGGREGATE as before.
// Only the elements before a tile's first head add what the look-back found.
//
// Heads are one byte each (1: a segment starts here), so the pass reads n values and n bytes and
// writes n values. The captured scan runs 1 x 1; the timed one larger tiles (its policy,
// lookback_policies.h), from this same source.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/decoupled_lookback.h"

namespace scanscope::kernels {

struct SegmentedLookbackLine {
    enum : std::uint16_t {
        TakeTile = 70,
        ScanTile = 71,
        ScanTotals = 72,
        LookBack = 73,
        Store = 74
    };
};

// A run of elements: its op-sum since its last head (all of it, with no head), and whether a head
// lies in it.
template <class T>
struct Segment {
    T value;
    int head;
};

template <class Op>
struct SegmentedOp {
    template <class T>
    SS_HD_INLINE static Segment<T> combine(Segment<T> a, Segment<T> b) {
        return {b.head ? b.value : Op::combine(a.value, b.value), a.head | b.head};
    }
};

// Kogge-Stone over the warp's pairs, with one shuffle a step, as the plain scan has: a ballot
// says where the heads are, so each lane knows where its segment starts (its highest head at or
// below it; lane 0 with none) and takes from a lane d below only inside its segment. After the
// step with distance d, a lane holds the op of lanes max(start, lane - 2d + 1) .. lane.
// `heads`: the warp's ballot of s.head.
template <class Op, class Block, class T>
SS_HD Segment<T> warp_segmented_scan(Block& b, Segment<T> s, unsigned heads) {
    const unsigned at_or_below = heads & (0xffffffffu >> (31 - b.lane()));
    const int start = at_or_below ? highest_set_bit(at_or_below) : 0;
    T value = s.value;
    for (int d = 1; d < 32; d *= 2) {
        const T up = b.shfl_up(value, d);
        if (b.lane() - d >= start) value = Op::combine(up, value);
    }
    return {value, at_or_below != 0};
}

// A tile is the block's threads times Rows * Vec elements, laid out as decoupled-lookback's.
template <class T, class Op, int Rows, int Vec>
struct SegmentedLookbackScan {
    static constexpr int kItems = Rows * Vec;                       // per thread
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
    using Seg = Segment<T>;
    using SegOp = SegmentedOp<Op>;
    const T* in;
    const std::uint8_t* heads;  // 1 where a segment starts (element 0 starts one in any case)
    T* out;
    int n;
    bool inclusive;
    TileDescriptors descriptors;
    int* tile_counter;  // zero before the launch (TileDescriptors says who zeroes it)

    SS_HD static int tile_elements(int threads) { return threads * kItems; }
    static std::uint32_t shared_bytes() {
        return std::uint32_t(32 * sizeof(T) + 32 * 4 + 4 + sizeof(T));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = SegmentedLookbackLine;
        auto warp_values = shared_memory<T>(b, 32);
        auto warp_heads = shared_memory<int>(b, 32);
        auto tile_slot = shared_memory<int>(b, 1);
        auto prefix_slot = shared_memory<T>(b, 1);

        // 1. The next tile, in the order blocks start.
        b.at(Line::TakeTile);
        if (b.thread() == 0) {
            const int taken = b.take_tile(tile_counter);
            tile_slot[0] = taken;
            descriptors.ready_next_launch(taken);  // only where a timing loop repeats the launch
        }
        b.sync(Line::ScanTile);
        const int tile = tile_slot[0];

        // 2. Each lane loads its Vec consecutive values and heads of each of its warp's rows.
        const int warp_first = tile * tile_elements(b.threads()) + b.warp() * Rows * 32 * Vec;
        // The heads are kept as bits, bit r * Vec + v for items[r][v]: a byte each would take a
        // register each.
        using HeadBits = std::conditional_t<(kItems > 32), unsigned long long, unsigned>;
        static_assert(kItems <= 64, "a thread's heads fit one or two words");
        T items[Rows][Vec];
        HeadBits head_bits = 0;
        for (int r = 0; r < Rows; ++r) {
            const int first = warp_first + (r * 32 + b.lane()) * Vec;
            load_consecutive<Vec>(in, first, n, Op::identity(), items[r]);
            std::uint8_t row_heads[Vec];
            load_consecutive<Vec>(heads, first, n, std::uint8_t(0), row_heads);
            for (int v = 0; v < Vec; ++v)
                head_bits |= HeadBits(row_heads[v] != 0) << (r * Vec + v);
        }
        const auto head = [&](int r, int v) { return int((head_bits >> (r * Vec + v)) & 1u); };

        // 3. The warp scans its rows' pairs, row after row: before_lane[r] is everything in this
        //    warp before the lane's elements of row r (since the last head).
        Seg before_lane[Rows];
        Seg warp_total{Op::identity(), 0};
        for (int r = 0; r < Rows; ++r) {
            Seg lane_total{items[r][0], head(r, 0)};
            for (int v = 1; v < Vec; ++v)
                lane_total = SegOp::combine(lane_total, Seg{items[r][v], head(r, v)});
            const unsigned row_heads = b.ballot(lane_total.head != 0);
            const Seg in_row = warp_segmented_scan<Op>(b, lane_total, row_heads);
            const T before_in_row = b.shfl_up(in_row.value, 1);  // lane 0 gets its own: unused
            const int head_below = (row_heads & ((1u << b.lane()) - 1u)) != 0;
            before_lane[r] = b.lane() == 0
                                 ? warp_total
                                 : SegOp::combine(warp_total, Seg{before_in_row, head_below});
            warp_total = SegOp::combine(warp_total, Seg{b.shfl(in_row.value, 31), row_heads != 0});
        }

        // 4. Warp 0 scans the warps' pairs: the tile's aggregate, and what comes before each warp.
        if (b.lane() == 31) {
            warp_values[b.warp()] = warp_total.value;
            warp_heads[b.warp()] = warp_total.head;
        }
        b.sync(Line::ScanTotals);
        if (b.warp() == 0) {
            Seg total{Op::identity(), 0};
            if (b.lane() < b.warps()) total = Seg{warp_values[b.lane()], warp_heads[b.lane()]};
            const Seg scanned = warp_segmented_scan<Op>(b, total, b.ballot(total.head != 0));
            if (b.lane() < b.warps()) {
                warp_values[b.lane()] = scanned.value;
                warp_heads[b.lane()] = scanned.head;
            }
        }
        b.sync(Line::LookBack);
        Seg before_warp{Op::identity(), 0};
        if (b.warp() > 0) before_warp = Seg{warp_values[b.warp() - 1], warp_heads[b.warp() - 1]};
        const Seg aggregate{warp_values[b.warps() - 1], warp_heads[b.warps() - 1]};

        // 5. Warp 0 publishes and looks back. A tile with a head publishes its carry as its
        //    PREFIX at once; the look-back is then only for the elements before its first head.
        if (b.warp() == 0) {
            if (aggregate.head && tile > 0 && b.lane() == 0)
                b.publish(descriptors, tile, TileStatus::Prefix, to_bits(aggregate.value));
            const T exclusive = look_back<Op>(b, descriptors, tile, aggregate.value, -1,
                                              /*aggregate_published=*/aggregate.head != 0,
                                              /*publish_prefix=*/aggregate.head == 0);
            if (b.lane() == 0) prefix_slot[0] = exclusive;
        }
        b.sync(Line::Store);

        // 6. Each element gets everything before it since its segment's head, and is stored.
        const Seg from_tiles{prefix_slot[0], 0};
        const Seg before_this_warp = SegOp::combine(from_tiles, before_warp);
        for (int r = 0; r < Rows; ++r) {
            T before = SegOp::combine(before_this_warp, before_lane[r]).value;
            for (int v = 0; v < Vec; ++v) {
                if (head(r, v)) before = Op::identity();
                const T next = Op::combine(before, items[r][v]);
                items[r][v] = inclusive ? next : before;
                before = next;
            }
            store_consecutive<Vec>(out, warp_first + (r * 32 + b.lane()) * Vec, n, items[r]);
        }
    }
};

}  // namespace scanscope::kernels
