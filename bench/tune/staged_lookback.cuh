// A tuning probe, not a variant (bench/tuning.md): decoupled look-back by blocks that stay. Each
// block scans one tile from registers while the next tile's copy into shared memory is in flight
// (cp.async, or with Tma one bulk copy), so that while warp 0 looks back and the block stores,
// that SM's loads go on. Tiles come from a counter, each taken just before its copy is asked for,
// so the numbers follow the order in which the loads start. NoLookBack: an ablation (each tile
// publishes its own total as its prefix; the output is wrong). GPU only, PlainMode: not captured
// or emulated until it becomes a variant.
#pragma once

#include "bulk_copy.cuh"
#include "core/async_copy.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/decoupled_lookback.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

struct StagedLookbackLine {
    enum : std::uint16_t { TakeTile = 50, ScanTile = 51, LookBack = 52, Store = 53 };
};

template <class T, class Op, int Rows, int Vec, int Windows = 5, bool NoLookBack = false,
          bool Tma = false, bool EarlyAggregate = false, bool TwoStages = false>
struct StagedLookbackScan {
    // TwoStages: two tiles in shared memory, the copy of the tile after next asked for while this
    // one is scanned (early aggregate only).
    static_assert(!TwoStages || EarlyAggregate, "two stages need the early aggregate");
    static constexpr int kStages = TwoStages ? 2 : 1;
    // EarlyAggregate: while warp 0 looks back for this tile, the block waits for the next tile's
    // copy and adds it up, and publishes its aggregate before this tile's stores: a tile's
    // aggregate then waits for its own loads only, not for the tile before's look-back.
    static_assert(!(Tma && EarlyAggregate), "the early aggregate waits on cp.async groups");
    static constexpr int kItems = Rows * Vec;
    static constexpr int kMaxBlockThreads = 512;
    const T* in;
    T* out;
    int n;
    bool inclusive;
    TileDescriptors descriptors;
    int* tile_counter;
    int tiles;

    SS_HD static int tile_elements(int threads) { return threads * kItems; }
    SS_HD static std::uint32_t shared_bytes(int threads) {
        return std::uint32_t(kStages * tile_elements(threads) + 4 * 32 + 2) * sizeof(T) + 4 * 4 +
               16;
    }
    template <class Block>
    SS_HD static int in_tile(Block& b, int r) {
        return (b.warp() * Rows + r) * 32 * Vec + b.lane() * Vec;
    }
    template <class Block>
    SS_HD int take(Block& b) const {
        const int t = b.take_tile(tile_counter);
        if (t < tiles) descriptors.ready_next_launch(t);
        return t;
    }
    // The bytes of `tile` one bulk copy takes (whole 16-byte pieces before n).
    SS_HD int bulk_bytes(int size, int tile) const {
        const long long left = (long long)n - (long long)tile * size;
        const long long elems = left < size ? left : size;
        return int(elems * (long long)sizeof(T)) / 16 * 16;
    }
    template <class Block, class Stage, class Bar>
    SS_HD void copy_tile_ahead(Block& b, const Stage& stage, int tile, const Bar& bar,
                               int at = 0) const {
        const int size = tile_elements(b.threads());
#if defined(__CUDA_ARCH__)
        if constexpr (Tma) {
            if (tile < tiles && b.thread() == 0) {
                asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
                const int bytes = bulk_bytes(size, tile);
                if (bytes > 0)
                    bulk::bulk_load(stage.data(), in + (long long)tile * size, unsigned(bytes),
                                    bar.data());
                else
                    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(
                                     bulk::shared_address(bar.data()))
                                 : "memory");
            }
            return;
        }
#endif
        if (tile < tiles)
            for (int r = 0; r < Rows; ++r)
                copy_ahead<Vec>(b, stage, at + in_tile(b, r), in, tile * size + in_tile(b, r), n,
                                Op::identity());
        copies_sent(b);
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = StagedLookbackLine;
        const int size = tile_elements(b.threads());
        auto stage = shared_memory<T>(b, kStages * size);
        const auto stage_of = [&](int k) { return TwoStages ? (k % 2) * size : 0; };
        auto warp_totals = shared_memory<T>(b, 2 * 32);
        auto next_totals = shared_memory<T>(b, 2 * 32);  // the next tile's, by warp
        auto prefixes = shared_memory<T>(b, 2);
        auto slots = shared_memory<int>(b, 4);
        auto bar = shared_memory<std::uint64_t>(b, 1);
        b.at(Line::TakeTile);
        if (b.thread() == 0) {
            slots[2] = take(b);
            if (TwoStages) slots[3] = take(b);
#if defined(__CUDA_ARCH__)
            if constexpr (Tma) {
                bulk::barrier_init(bar.data());
                asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
            }
#endif
        }
        b.sync(Line::ScanTile);
        int tile = slots[2];
        copy_tile_ahead(b, stage, tile, bar);
        int after = TwoStages ? int(slots[3]) : 0;  // the tile after this one (two stages)
        if (TwoStages) copy_tile_ahead(b, stage, after, bar, stage_of(1));
        int last = -1;
        T items[Rows][Vec];
        const auto read_stage = [&](int at) {
            for (int r = 0; r < Rows; ++r)
                read_consecutive<Vec>(b, stage, at + in_tile(b, r), items[r]);
        };
        for (int k = 0; tile < tiles; ++k) {
            const int half = k % 2;
            if (b.thread() == 0) slots[half] = take(b);  // the next tile, wanted after barrier A
#if defined(__CUDA_ARCH__)
            if constexpr (Tma) {
                bulk::barrier_wait(bar.data(), unsigned(k & 1));
                const int copied = bulk_bytes(size, tile) / int(sizeof(T));
                for (int r = 0; r < Rows; ++r) {
                    if (in_tile(b, r) + Vec <= copied)
                        read_consecutive<Vec>(b, stage, in_tile(b, r), items[r]);
                    else
                        load_consecutive<Vec>(in, tile * size + in_tile(b, r), n, Op::identity(),
                                              items[r]);
                }
            } else
#endif
                if (!EarlyAggregate || k == 0) {  // else read at the end of the last step
                wait_for_copies<kStages - 1>(b);
                read_stage(0);
            }
            T before_lane[Rows];
            const T warp_total = scan_rows_of_warp<Op>(b, items, before_lane);
            if (b.lane() == 31) warp_totals[half * 32 + b.warp()] = warp_total;
            b.sync(Line::LookBack);
            const int taken = slots[half];
            // Into the stage this tile came from: each thread overwrites only what it has read.
            copy_tile_ahead(b, stage, taken, bar, stage_of(k));
            const int next = TwoStages ? after : taken;

            const T total =
                b.lane() < b.warps() ? T(warp_totals[half * 32 + b.lane()]) : Op::identity();
            const T scanned = warp_inclusive_scan<Op>(b, total);
            const T before_warp_or_last = b.shfl(scanned, b.warp() - 1);
            const T before_warp = b.warp() > 0 ? before_warp_or_last : Op::identity();
            const T aggregate = b.shfl(scanned, b.warps() - 1);
            if (b.warp() == 0) {
                T exclusive = Op::identity();
                if (NoLookBack) {
                    if (b.lane() == 0)
                        b.publish(descriptors, tile, TileStatus::Prefix, to_bits(aggregate));
                } else {
                    exclusive = look_back<Op, Windows>(b, descriptors, tile, aggregate, last,
                                                       EarlyAggregate && k > 0);
                }
                if (b.lane() == 0) prefixes[half] = exclusive;
            }
            if (EarlyAggregate && next < tiles) {
                wait_for_copies<kStages - 1>(b);
                T lane_total = Op::identity();
                for (int r = 0; r < Rows; ++r) {
                    T ahead[Vec];
                    read_consecutive<Vec>(b, stage, stage_of(k + 1) + in_tile(b, r), ahead);
                    for (int v = 0; v < Vec; ++v)
                        lane_total = Op::combine(lane_total, ahead[v]);
                }
                const T next_warp_total = warp_reduce_far_to_near<Op>(b, lane_total);
                if (b.lane() == 0) next_totals[half * 32 + b.warp()] = next_warp_total;
            }
            b.sync(Line::Store);
            if (EarlyAggregate && next < tiles && b.warp() == 0) {
                const T next_total =
                    b.lane() < b.warps() ? T(next_totals[half * 32 + b.lane()]) : Op::identity();
                const T next_aggregate = warp_reduce_far_to_near<Op>(b, next_total);
                if (b.lane() == 0 && next > 0)
                    b.publish(descriptors, next, TileStatus::Aggregate, to_bits(next_aggregate));
            }
            const T before = Op::combine(T(prefixes[half]), before_warp);
            for (int r = 0; r < Rows; ++r) {
                scan_lane_row<Op>(Op::combine(before, before_lane[r]), inclusive, items[r]);
                store_consecutive<Vec>(out, tile * size + in_tile(b, r), n, items[r]);
            }
            if (EarlyAggregate && next < tiles) read_stage(stage_of(k + 1));
            last = tile;
            tile = next;
            after = taken;
        }
    }
};

}  // namespace scanscope::kernels
