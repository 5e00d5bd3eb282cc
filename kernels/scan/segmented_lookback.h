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
// And a tile often needs no look-back at all. What comes before it is the sum since the last head
// before it, so warp 0 also reads the 32 * Vec pairs just before the tile, as it loads its own:
// when a head lies among them, the sum since that head is all the tile needs, whatever the tiles
// before it are doing, and it publishes its PREFIX at once. Only a tile with no head in reach
// waits for its predecessors. With a head every few elements, that is almost no tile: on the
// H200 at 2^28, 1.19 x the copy became 1.02 x (bench/tuning.md).
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
#include "core/warp_exchange.h"
#include "scan/decoupled_lookback.h"

namespace scanscope::kernels {

struct SegmentedLookbackLine {
    enum : std::uint16_t {
        TakeTile = 70,
        ScanTile = 71,
        ScanTotals = 72,
        LookBack = 73,
        Store = 74,
        ToBlocked = 75,  // timed tiles only (core/warp_exchange.h)
        ToRows = 76
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

// Warp 0's reach (step 2): the 32 * Vec pairs just before the tile at `tile_first`, Vec a lane,
// added up and scanned as the tile's own are. Lane 31 gets the sum since the last head among them,
// and whether there is one.
template <class Op, int Vec, class Block, class T>
SS_HD Segment<T> scan_pairs_before(Block& b, const T* in, const std::uint8_t* heads, int tile_first,
                                   int n) {
    const int first = tile_first - 32 * Vec + b.lane() * Vec;
    T values[Vec];
    std::uint8_t flags[Vec];
    load_consecutive<Vec>(in, first, n, Op::identity(), values);
    load_consecutive<Vec>(heads, first, n, std::uint8_t(0), flags);
    Segment<T> pair{values[0], flags[0] != 0};
    for (int v = 1; v < Vec; ++v)
        pair = SegmentedOp<Op>::combine(pair, Segment<T>{values[v], flags[v] != 0});
    return warp_segmented_scan<Op>(b, pair, b.ballot(pair.head != 0));
}

// A tile is the block's threads times Rows * Vec elements. They load and store as
// decoupled-lookback's rows, but are scanned blocked (core/warp_exchange.h): a lane's elements
// are consecutive, so it needs one warp scan, not one a row, and no pair kept for each row.
template <class T, class Op, int Rows, int Vec>
struct SegmentedLookbackScan {
    static constexpr int kItems = Rows * Vec;                       // per thread
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
    using Seg = Segment<T>;
    using SegOp = SegmentedOp<Op>;
    using Exchange = WarpExchange<Rows, Vec>;
    const T* in;
    const std::uint8_t* heads;  // 1 where a segment starts (element 0 starts one in any case)
    T* out;
    int n;
    bool inclusive;
    TileDescriptors descriptors;
    int* tile_counter;  // zero before the launch (TileDescriptors says who zeroes it)

    SS_HD static int tile_elements(int threads) { return threads * kItems; }
    static std::uint32_t shared_bytes(int threads) {
        return std::uint32_t(32 * sizeof(T) + 32 * 4 + 4 + sizeof(T) + 4 +
                             Exchange::template stage_bytes<T>(threads));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = SegmentedLookbackLine;
        auto warp_values = shared_memory<T>(b, 32);
        auto warp_heads = shared_memory<int>(b, 32);
        auto tile_slot = shared_memory<int>(b, 1);
        auto prefix_slot = shared_memory<T>(b, 1);               // what comes before the tile
        auto known_slot = shared_memory<int>(b, 1);              // 1: warp 0's reach found a head
        const auto stage = Exchange::template make_stage<T>(b);  // none with one row

        // 1. The next tile, in the order blocks start.
        b.at(Line::TakeTile);
        if (b.thread() == 0) {
            const int taken = b.take_tile(tile_counter);
            tile_slot[0] = taken;
            descriptors.ready_next_launch(taken);  // only where a timing loop repeats the launch
        }
        b.sync(Line::ScanTile);
        const int tile = tile_slot[0];

        // 2. The warp loads its rows, each lane Vec consecutive values of each (coalesced), and
        //    its own kItems heads (16 consecutive bytes a load), all of them in flight at once.
        const int tile_first = tile * tile_elements(b.threads());
        const int warp_first = tile_first + b.warp() * 32 * kItems;
        T items[Rows][Vec];
        for (int r = 0; r < Rows; ++r)
            load_consecutive<Vec>(in, warp_first + (r * 32 + b.lane()) * Vec, n, Op::identity(),
                                  items[r]);
        const int lane_first = warp_first + b.lane() * kItems;
        // The heads are kept as bits, bit i for the lane's element i: a byte each would take a
        // register each.
        using HeadBits = std::conditional_t<(kItems > 32), unsigned long long, unsigned>;
        static_assert(kItems <= 64, "a thread's heads fit one or two words");
        constexpr int kHeadVec = kItems < 16 ? kItems : 16;  // bytes a load
        static_assert(kItems % kHeadVec == 0, "a thread's heads are whole loads");
        HeadBits head_bits = 0;
        for (int c = 0; c < kItems / kHeadVec; ++c) {
            std::uint8_t some_heads[kHeadVec];
            load_consecutive<kHeadVec>(heads, lane_first + c * kHeadVec, n, std::uint8_t(0),
                                       some_heads);
            for (int i = 0; i < kHeadVec; ++i)
                head_bits |= HeadBits(some_heads[i] != 0) << (c * kHeadVec + i);
        }
        //    Warp 0 also reads the pairs just before the tile: a head among them tells what comes
        //    before the tile without the tiles before (lane 31 leaves it for step 5).
        if (b.warp() == 0 && tile > 0) {
            const Seg reach = scan_pairs_before<Op, Vec>(b, in, heads, tile_first, n);
            if (b.lane() == 31) {
                prefix_slot[0] = reach.value;
                known_slot[0] = reach.head;
            }
        }
        //    Then the values pass through shared memory so that lane l holds the warp's elements
        //    l * kItems onwards: it scans them alone, and its warp scans once.
        Exchange::rows_to_blocked(b, stage, items, Line::ToBlocked);
        const auto head = [&](int r, int v) { return int((head_bits >> (r * Vec + v)) & 1u); };

        // 3. The lane adds up its pairs, and the warp scans the lanes' totals: before_lane is
        //    everything in this warp before the lane's elements (since the last head).
        Seg lane_total{items[0][0], head(0, 0)};
        for (int i = 1; i < kItems; ++i)
            lane_total =
                SegOp::combine(lane_total, Seg{items[i / Vec][i % Vec], head(i / Vec, i % Vec)});
        const unsigned lane_heads = b.ballot(lane_total.head != 0);
        const Seg in_warp = warp_segmented_scan<Op>(b, lane_total, lane_heads);
        const T before_in_warp = b.shfl_up(in_warp.value, 1);  // lane 0 gets its own: unused
        const Seg before_lane =
            b.lane() == 0 ? Seg{Op::identity(), 0}
                          : Seg{before_in_warp, (lane_heads & ((1u << b.lane()) - 1u)) != 0};

        // 4. Warp 0 scans the warps' pairs: the tile's aggregate, and what comes before each warp.
        if (b.lane() == 31) {  // the warp's total: the last lane's scanned pair
            warp_values[b.warp()] = in_warp.value;
            warp_heads[b.warp()] = in_warp.head;
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

        // 5. A tile that knows what comes before it (tile 0, or a head in warp 0's reach)
        //    publishes its PREFIX at once and looks back for nothing; so does a tile with a head,
        //    whose carry needs nothing from before. A tile with neither publishes its AGGREGATE.
        //    Unless it knew, warp 0 then looks back, for the elements before the tile's first
        //    head, and every warp waits for it.
        const bool known = tile == 0 || int(known_slot[0]) != 0;
        if (b.warp() == 0) {
            if (b.lane() == 0 && (known || aggregate.head)) {
                const T before_tile = known && tile > 0 ? T(prefix_slot[0]) : Op::identity();
                b.publish(descriptors, tile, TileStatus::Prefix,
                          to_bits(SegOp::combine(Seg{before_tile, 0}, aggregate).value));
            }
            if (!known) {
                const T exclusive = look_back<Op>(b, descriptors, tile, aggregate.value, -1,
                                                  /*aggregate_published=*/aggregate.head != 0,
                                                  /*publish_prefix=*/aggregate.head == 0);
                if (b.lane() == 0) prefix_slot[0] = exclusive;
            }
        }
        if (!known) b.sync(Line::Store);

        // 6. Each element gets everything before it since its segment's head, and is stored.
        const Seg from_tiles{tile > 0 ? T(prefix_slot[0]) : Op::identity(), 0};
        T before = SegOp::combine(SegOp::combine(from_tiles, before_warp), before_lane).value;
        for (int r = 0; r < Rows; ++r) {
            for (int v = 0; v < Vec; ++v) {
                if (head(r, v)) before = Op::identity();
                const T next = Op::combine(before, items[r][v]);
                items[r][v] = inclusive ? next : before;
                before = next;
            }
        }
        Exchange::blocked_to_rows(b, stage, items, Line::ToRows);
        for (int r = 0; r < Rows; ++r)
            store_consecutive<Vec>(out, warp_first + (r * 32 + b.lane()) * Vec, n, items[r]);
    }
};

}  // namespace scanscope::kernels
