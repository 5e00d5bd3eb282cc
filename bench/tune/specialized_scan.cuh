// A probe of the one kind of single-pass scan not tried here before (issue 16): warps with one
// job each, as CCCL's newer "warpspeed" scan does. Persistent blocks, one an SM, tiles dealt round
// the grid (block b takes b, b + G, b + 2G, ...), a ring of Stages tiles in shared memory:
//   - the producer (one thread) asks the Tensor Memory Accelerator for each tile (a bulk copy into
//     its slot, counted by the slot's `full` mbarrier) as soon as the slot's last store has read
//     it, and bulk-stores each scanned tile from the slot it came in. At the start it asks for
//     `first_asks` tiles only and the rest once the first has landed, or (first_asks < 0) once
//     the first tile's prefix is known: the look-back's reads come back behind whatever the SM
//     has asked for before them;
//   - the aggregate warp adds up each tile as soon as it lands and publishes that aggregate (a
//     warp of its own: were it the look-back warp's job, each round would wait for the last);
//   - the look-back warp reads the aggregates of the G - 1 tiles before each tile (the round's
//     other blocks: no prefix is ever waited for) and adds them to the running prefix of the
//     block's own last tile;
//   - the consumer warps scan each tile from its slot, add the prefix, and write it back in place.
// int32 addition, n a multiple of 4, tiles dealt only (no counter): a probe, not a variant.
// bench/tuning.md has what it measured ("A warp-specialized scan ..."), the records are
// bench/tune/*-2026-11-24-specialized-*.txt.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "bulk_copy.cuh"
#include "core/tile_descriptor.h"
#include "device_clock.cuh"
#include "warp_rows_scan.cuh"
#include "window_lookback.cuh"

namespace scanscope::specialized {

using bulk::barrier_arrive;
using bulk::barrier_init;
using probe::publish_descriptor;

template <int Rows, int Threads, int Stages>
struct Shape {
    static constexpr int kElements = Rows * Threads * 4;  // a tile
    static constexpr int kConsumerWarps = Threads / 32;
    static constexpr int kBlockThreads = Threads + 96;  // + producer, look-back, aggregate warps
    static constexpr std::uint32_t kRingBytes = std::uint32_t(Stages) * kElements * 4;
    static constexpr int kMaxWindows = 9;  // look-backs over at most 32 * 9 tiles: G <= 289
};

// What a diagnostic launch records (%globaltimer, ns) for each block's k-th tile, when it is given
// a timeline: [block][k][event], kTimelineTiles tiles a block at most; event kStarted of k = 0 is
// the block's start.
enum TimelineEvent { kStarted, kAsked, kLanded, kPublished, kPrefixed, kScanned, kStored, kEvents };
constexpr int kTimelineTiles = 64;

using scanscope::probe::now_ns;

template <int Rows, int Threads, int Stages>
__global__ void __launch_bounds__(Threads + 96, 1)
    specialized_scan(const int* in, int* out, int n, TileDescriptors descriptors, int tiles,
                     unsigned long long* timeline, int first_asks) {
    using S = Shape<Rows, Threads, Stages>;
    constexpr int E = S::kElements;
    constexpr int W = S::kConsumerWarps;
    extern __shared__ __align__(128) int ring[];
    __shared__ std::uint64_t full[Stages], done[Stages], prefix_ready[Stages], added[Stages];
    __shared__ int prefix[Stages], aggregates[Stages];
    __shared__ int warp_totals[2][W];

    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int grid = gridDim.x;
    const auto note = [&](int k, int event) {
        if (timeline && k < kTimelineTiles)
            timeline[(std::size_t(blockIdx.x) * kTimelineTiles + k) * kEvents + event] = now_ns();
    };
    if (threadIdx.x == 0) {
        note(0, kStarted);
        for (int s = 0; s < Stages; ++s) {
            barrier_init(&full[s]);
            barrier_init(&done[s], Threads);
            barrier_init(&prefix_ready[s]);
            barrier_init(&added[s]);
        }
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    const int my_tiles = (tiles - int(blockIdx.x) + grid - 1) / grid;
    const auto tile_of = [&](int k) { return int(blockIdx.x) + k * grid; };
    const auto valid_of = [&](int tile) { return min(E, n - tile * E); };  // elements
    const auto slot = [&](int k) { return ring + (k % Stages) * E; };
    const auto parity = [&](int k) { return unsigned(k / Stages) & 1u; };

    if (warp == W) {  // the producer
        if (lane != 0) return;
        const auto ask = [&](int k) {
            const int tile = tile_of(k);
            bulk::bulk_load(slot(k), in + std::size_t(tile) * E, unsigned(valid_of(tile)) * 4,
                            &full[k % Stages]);
            note(k, kAsked);
        };
        // At the start, |first_asks| tiles; the rest of the ring once the first has landed, or
        // (first_asks < 0) once the first tile's prefix is known, so that the look-back's reads
        // do not come back behind the rest of the ring's loads.
        const int asks = min(abs(first_asks), Stages);
        for (int k = 0; k < asks && k < my_tiles; ++k)
            ask(k);
        if (asks < Stages) {
            bulk::barrier_wait(first_asks < 0 ? &prefix_ready[0] : &full[0], 0);
            for (int k = asks; k < Stages && k < my_tiles; ++k)
                ask(k);
        }
        for (int k = 0; k < my_tiles; ++k) {
            const int tile = tile_of(k);
            bulk::barrier_wait(&done[k % Stages], parity(k));
            bulk::bulk_store(out + std::size_t(tile) * E, slot(k), unsigned(valid_of(tile)) * 4);
            note(k, kStored);
            bulk::bulk_stores_read<1>();  // tile k - 1's slot is free again
            if (k >= 1 && k - 1 + Stages < my_tiles) ask(k - 1 + Stages);
        }
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        return;
    }

    if (warp == W + 2) {  // the aggregate warp
        for (int k = 0; k < my_tiles; ++k) {
            const int tile = tile_of(k), valid = valid_of(tile);
            bulk::barrier_wait(&full[k % Stages], parity(k));
            const int4* pieces = reinterpret_cast<const int4*>(slot(k));
            int aggregate = 0;
            for (int i = lane; i * 4 < valid; i += 32) {
                const int4 v = pieces[i];
                aggregate += v.x + v.y + v.z + v.w;  // (valid is a multiple of 4)
            }
            for (int d = 16; d > 0; d /= 2)
                aggregate += __shfl_xor_sync(0xffffffffu, aggregate, d);
            if (lane == 0) {
                publish_descriptor(descriptors.of(tile),
                                   pack_descriptor(TileStatus::Aggregate, unsigned(aggregate)));
                descriptors.ready_next_launch(tile);
                aggregates[k % Stages] = aggregate;
                barrier_arrive(&added[k % Stages]);
                note(k, kPublished);
            }
        }
        return;
    }

    if (warp == W + 1) {  // the look-back warp
        int running = 0;  // everything up to and including the block's last tile
        // (first_asks < 0: the first reads wait for the block's own first tile to land.)
        if (first_asks < 0 && my_tiles > 0) bulk::barrier_wait(&added[0], 0);
        for (int k = 0; k < my_tiles; ++k) {
            const int tile = tile_of(k);
            // The tiles between the block's last and this one.
            const int window =
                probe::window_sum<S::kMaxWindows>(descriptors, tile, max(0, tile - grid + 1), lane);
            // The own aggregate is read before the prefix lets the slot go round again.
            bulk::barrier_wait(&added[k % Stages], parity(k));
            const int aggregate = aggregates[k % Stages];
            __syncwarp();
            if (lane == 0) {
                prefix[k % Stages] = running + window;
                barrier_arrive(&prefix_ready[k % Stages]);
                note(k, kPrefixed);
            }
            running += window + aggregate;
        }
        return;
    }

    // The consumer warps: each lane Rows rows of 4 consecutive elements of its warp's part.
    for (int k = 0; k < my_tiles; ++k) {
        const int tile = tile_of(k), valid = valid_of(tile);
        bulk::barrier_wait(&full[k % Stages], parity(k));
        if (threadIdx.x == 0) note(k, kLanded);
        int4* pieces = reinterpret_cast<int4*>(slot(k));
        int4 v[Rows];
        for (int r = 0; r < Rows; ++r) {
            const int at = (warp * Rows + r) * 32 + lane;  // in pieces
            v[r] = pieces[at];
            if (at * 4 >= valid) v[r] = make_int4(0, 0, 0, 0);
        }
        int before_lane[Rows];
        const int carry = probe::scan_warp_rows(v, lane, before_lane);
        if (lane == 0) warp_totals[k & 1][warp] = carry;
        asm volatile("bar.sync 1, %0;" ::"n"(Threads) : "memory");
        int before_warp = 0;
        for (int w = 0; w < warp; ++w)
            before_warp += warp_totals[k & 1][w];
        if (threadIdx.x == 0) note(k, kScanned);
        bulk::barrier_wait(&prefix_ready[k % Stages], parity(k));
        const int base = prefix[k % Stages] + before_warp;
        for (int r = 0; r < Rows; ++r)
            pieces[(warp * Rows + r) * 32 + lane] = probe::scan_piece(v[r], base + before_lane[r]);
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // for the bulk store
        barrier_arrive(&done[k % Stages]);
    }
}

}  // namespace scanscope::specialized
