// A probe of a single-pass scan whose look-backs never wait for a handoff (issue 16): each block
// adds up a tile and publishes its aggregate `Ahead` steps before it scans that tile, and reads
// the tile a second time, from the L2, when it scans it.
//
// The measured reason the look-back scans stay about 14 % over the copy at 2^24 on the H200
// (bench/tuning.md, "A word from SM to SM ..."): a tile's prefix needs aggregates published by
// stores on other SMs a moment before, and during a full-speed copy such a handoff has a p90 of
// 5-8 us. Here every aggregate a look-back reads was published a whole step earlier, so its
// reads find them: one round trip. The price is a second read of each tile, which the L2 should
// serve (a round of tiles is 4-9 MB; the L2 holds 50 MB).
//
// Persistent blocks, tiles dealt round the grid (block b takes b, b + G, b + 2G, ...), every
// block resident (a cooperative launch). The tiles to add up come through a cp.async ring of
// `Stages` tiles. Step k of a block (form 3; forms 1 and 2 are in git history):
//   - warp 0 reads the aggregates of the G - 1 tiles between the block's last tile and tile k
//     (published Ahead steps before) and adds them to the block's running prefix;
//   - every thread scans tile k, read a second time a step before;
//   - tile k + Ahead, landed in the ring, is added up, and its slot asked for the tile Stages on;
//   - the block stores tile k, publishes tile k + Ahead's aggregate, and reads tile k + 1 again.
// int32 addition, n a multiple of 4: a probe, not a variant. Measured slower than staged-lookback
// at every shape (bench/tuning.md, "Each tile added up a step ahead ..."): a look-back's reads
// come back behind the ring's bytes even when all they read is published, and the L2 does not
// keep a tile for its second read at the ring's distance.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "core/tile_descriptor.h"
#include "device_clock.cuh"
#include "warp_rows_scan.cuh"
#include "window_lookback.cuh"

namespace scanscope::reduce_ahead {

using probe::publish_descriptor;
// Loads in the order written (asm volatile is not moved past another), so that the order the
// SM asks for bytes in is the one chosen here.
__device__ __forceinline__ int4 load_piece(const int4* at) {
    int4 v;
    asm volatile("ld.global.v4.s32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(at));
    return v;
}
// The same with an L2 cache policy (createpolicy).
__device__ __forceinline__ int4 load_piece(const int4* at, std::uint64_t policy) {
    int4 v;
    asm volatile("ld.global.L2::cache_hint.v4.s32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(at), "l"(policy));
    return v;
}
__device__ __forceinline__ void store_piece(int4* at, int4 v, std::uint64_t policy) {
    asm volatile("st.global.L2::cache_hint.v4.s32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(at), "r"(v.x),
                 "r"(v.y), "r"(v.z), "r"(v.w), "l"(policy)
                 : "memory");
}
__device__ __forceinline__ std::uint64_t evict_last_policy() {
    std::uint64_t policy;
    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
    return policy;
}
__device__ __forceinline__ std::uint64_t evict_first_policy() {
    std::uint64_t policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
    return policy;
}

template <int Rows, int Threads, int Stages, int Ahead>
struct Shape {
    static constexpr int kElements = Rows * Threads * 4;  // a tile
    static constexpr int kWarps = Threads / 32;
    static constexpr std::uint32_t kRingBytes = std::uint32_t(Stages) * kElements * 4;
    static constexpr int kMaxWindows = 9;  // look-backs over at most 32 * 9 tiles: G <= 289
};

// What a diagnostic launch records (%globaltimer, ns) for each block's k-th step, when it is
// given a timeline: [block][k][event]; event kStarted of k = 0 is the block's start.
enum TimelineEvent { kStarted, kPrefixed, kStored, kPublished, kEvents };
constexpr int kTimelineTiles = 64;

using scanscope::probe::now_ns;

__device__ __forceinline__ void copy_piece(int4* to, const int4* from) {
    const auto shared = static_cast<unsigned>(__cvta_generic_to_shared(to));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(shared), "l"(from) : "memory");
}
__device__ __forceinline__ void copy_piece(int4* to, const int4* from, std::uint64_t policy) {
    const auto shared = static_cast<unsigned>(__cvta_generic_to_shared(to));
    asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;" ::"r"(shared),
                 "l"(from), "l"(policy)
                 : "memory");
}

// Step k of a block: warp 0 looks back for tile k while every thread scans tile k (read again a
// step before); tile k + Ahead (landed in the ring) is added up and its slot asked for tile
// k + Ahead + Stages; the block stores tile k, publishes tile k + Ahead's aggregate, and asks for
// tile k + 1 again. `hints`: L2 cache policies (below).
template <int Rows, int Threads, int Stages, int Ahead>
__global__ void __launch_bounds__(Threads)
    reduce_ahead_scan(const int* in, int* out, int n, TileDescriptors descriptors, int tiles,
                      unsigned long long* timeline, int hints) {
    using S = Shape<Rows, Threads, Stages, Ahead>;
    constexpr int E = S::kElements;
    constexpr int W = S::kWarps;
    extern __shared__ __align__(128) int4 ring[];  // Stages tiles, E / 4 pieces each
    __shared__ int warp_totals[2][W];
    __shared__ int warp_sums[2][W];
    __shared__ int tile_prefix[2];

    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int grid = gridDim.x;
    const auto note = [&](int k, int event) {
        if (timeline && threadIdx.x == 0 && k < kTimelineTiles)
            timeline[(std::size_t(blockIdx.x) * kTimelineTiles + k) * kEvents + event] = now_ns();
    };
    note(0, kStarted);
    const int my_tiles = (tiles - int(blockIdx.x) + grid - 1) / grid;
    const auto tile_of = [&](int k) { return int(blockIdx.x) + k * grid; };
    const auto pieces_of = [&](int k) {
        return reinterpret_cast<const int4*>(in) + std::size_t(tile_of(k)) * (E / 4);
    };
    const auto valid_pieces = [&](int k) { return min(E, n - tile_of(k) * E) / 4; };
    const auto piece = [&](int r) { return (warp * Rows + r) * 32 + lane; };  // rows of a warp
    const auto slot = [&](int k) { return ring + (k % Stages) * (E / 4); };
    // hints 1: the first read keeps its lines in the L2 (evict last), the second lets them go
    // (evict first); 2: the stores evict first too.
    const std::uint64_t first_read = evict_last_policy(), second_read = evict_first_policy();

    // Asks for tile k's pieces into its slot (one group, empty past the last tile). Each thread
    // reads back only the pieces it asked for, so no barrier orders the ring.
    const auto ask = [&](int k) {
        if (k < my_tiles) {
            const int4* from = pieces_of(k);
            const int valid = valid_pieces(k);
            for (int r = 0; r < Rows; ++r)
                if (piece(r) < valid) {
                    if (hints)
                        copy_piece(slot(k) + piece(r), from + piece(r), first_read);
                    else
                        copy_piece(slot(k) + piece(r), from + piece(r));
                }
        }
        asm volatile("cp.async.commit_group;" ::: "memory");
    };
    // This thread's part of tile k's sum, from the ring (tile k has landed: Stages - 1 groups
    // newer than its own may be in flight).
    const auto add_up = [&](int k) {
        asm volatile("cp.async.wait_group %0;" ::"n"(Stages - 1) : "memory");
        int sum = 0;
        if (k < my_tiles) {
            const int valid = valid_pieces(k);
            for (int r = 0; r < Rows; ++r) {
                const int4 v = piece(r) < valid ? slot(k)[piece(r)] : make_int4(0, 0, 0, 0);
                sum += v.x + v.y + v.z + v.w;
            }
        }
        for (int d = 16; d > 0; d /= 2)
            sum += __shfl_xor_sync(0xffffffffu, sum, d);
        return sum;
    };
    const auto publish = [&](int k) {  // after the barrier that follows warp_sums[k & 1]
        if (threadIdx.x != 0 || k >= my_tiles) return;
        int total = 0;
        for (int w = 0; w < W; ++w)
            total += warp_sums[k & 1][w];
        publish_descriptor(descriptors.of(tile_of(k)),
                           pack_descriptor(TileStatus::Aggregate, unsigned(total)));
        descriptors.ready_next_launch(tile_of(k));
        note(k, kPublished);
    };

    for (int k = 0; k < Stages; ++k)
        ask(k);
    for (int k = 0; k < Ahead; ++k) {
        const int sum = add_up(k);
        ask(k + Stages);
        if (lane == 0) warp_sums[k & 1][warp] = sum;
        __syncthreads();
        publish(k);
    }

    // Tile k's second read goes out a step early (after tile k - 1's stores), so that its L2
    // round trip overlaps the look-back's.
    const auto read_again = [&](int k, int4(&v)[Rows]) {
        const int4* pieces = k < my_tiles ? pieces_of(k) : nullptr;
        const int valid = k < my_tiles ? valid_pieces(k) : 0;
        for (int r = 0; r < Rows; ++r)
            v[r] = piece(r) >= valid ? make_int4(0, 0, 0, 0)
                   : hints           ? load_piece(pieces + piece(r), second_read)
                                     : load_piece(pieces + piece(r));
    };
    int4 v[Rows];
    read_again(0, v);
    int running = 0;  // warp 0: everything up to and including the block's last tile
    for (int k = 0; k < my_tiles; ++k) {
        const int tile = tile_of(k);
        if (warp == 0) {
            // The aggregates of the tiles between the block's last tile and this one: published
            // Ahead steps ago, a pass rarely finds one missing.
            const int window =
                probe::window_sum<S::kMaxWindows>(descriptors, tile, max(0, tile - grid + 1), lane);
            running += window;  // now the tile's exclusive prefix
            if (lane == 0) tile_prefix[k & 1] = running;
            note(k, kPrefixed);
        }
        // Tile k (read again, from the L2), scanned in rows of 4 consecutive elements a lane.
        int before_lane[Rows];
        const int carry = probe::scan_warp_rows(v, lane, before_lane);
        // Tile k + Ahead from the ring, and its slot asked for the tile Stages later.
        const int sum = add_up(k + Ahead);
        ask(k + Ahead + Stages);
        if (lane == 0) {
            warp_totals[k & 1][warp] = carry;
            warp_sums[(k + Ahead) & 1][warp] = sum;
        }
        __syncthreads();
        publish(k + Ahead);
        int before_warp = 0, tile_total = 0;
        for (int w = 0; w < W; ++w) {
            before_warp += w < warp ? warp_totals[k & 1][w] : 0;
            tile_total += warp_totals[k & 1][w];
        }
        const int base = tile_prefix[k & 1] + before_warp;
        int4* to = reinterpret_cast<int4*>(out) + std::size_t(tile) * (E / 4);
        const int valid = valid_pieces(k);
        for (int r = 0; r < Rows; ++r) {
            const int4 s = probe::scan_piece(v[r], base + before_lane[r]);
            if (piece(r) < valid) {
                if (hints == 2)
                    store_piece(to + piece(r), s, second_read);
                else
                    to[piece(r)] = s;
            }
        }
        note(k, kStored);
        read_again(k + 1, v);
        if (warp == 0) running += tile_total;
    }
    asm volatile("cp.async.wait_group 0;" ::: "memory");
}

}  // namespace scanscope::reduce_ahead
