// A probe of a single-pass scan whose look-backs never wait for a handoff (issue 16): each block
// adds up a tile and publishes its aggregate `Ahead` steps before it scans that tile, and reads
// the tile a second time, from the L2, when it scans it.
//
// The measured reason the look-back scans stay about 14 % over the copy at 2^24 on the H200
// (bench/tuning.md, "A word from SM to SM ..."): a tile's prefix needs aggregates published by
// stores on other SMs a moment before, and during a full-speed copy such a handoff has a p90 of
// 5-8 us. Here every aggregate a look-back reads was published a whole step earlier, so its
// reads find them: one round trip. The price is a second read of each tile, which the L2 should
// serve (a round of tiles is 8-14 MB; the L2 holds 50 MB).
//
// Persistent blocks, tiles dealt round the grid (block b takes b, b + G, b + 2G, ...), every
// block resident (a cooperative launch). Step k of a block:
//   - warp 0 reads the aggregates of the G - 1 tiles between the block's last tile and tile k
//     (all published a step before) and adds them to the block's running prefix;
//   - every thread reads tile k again, scans it, adds the prefix and stores it;
//   - every thread reads tile k + Ahead (from the DRAM), adds it up, and the block publishes it.
// int32 addition, n a multiple of 4: a probe, not a variant.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "core/tile_descriptor.h"
#include "device_clock.cuh"

namespace scanscope::reduce_ahead {

__device__ __forceinline__ DescriptorWord read_descriptor(const DescriptorWord* at) {
    DescriptorWord word;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(word) : "l"(at) : "memory");
    return word;
}
__device__ __forceinline__ void publish_descriptor(DescriptorWord* at, DescriptorWord word) {
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(at), "l"(word) : "memory");
}
// Loads in the order written (asm volatile is not moved past another), so that the order the
// SM asks for bytes in is the one chosen here.
__device__ __forceinline__ int4 load_piece(const int4* at) {
    int4 v;
    asm volatile("ld.global.v4.s32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(at));
    return v;
}

template <int Rows, int Threads, int Ahead>
struct Shape {
    static constexpr int kElements = Rows * Threads * 4;  // a tile
    static constexpr int kWarps = Threads / 32;
    static constexpr int kMaxWindows = 9;  // look-backs over at most 32 * 9 tiles: G <= 289
};

// What a diagnostic launch records (%globaltimer, ns) for each block's k-th step, when it is
// given a timeline: [block][k][event]; event kStarted of k = 0 is the block's start.
enum TimelineEvent { kStarted, kPrefixed, kStored, kPublished, kEvents };
constexpr int kTimelineTiles = 64;

using scanscope::probe::now_ns;

template <int Rows, int Threads, int Ahead>
__global__ void __launch_bounds__(Threads, 512 / Threads)
    reduce_ahead_scan(const int* in, int* out, int n, TileDescriptors descriptors, int tiles,
                      unsigned long long* timeline, int order) {
    using S = Shape<Rows, Threads, Ahead>;
    constexpr int E = S::kElements;
    constexpr int W = S::kWarps;
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
    const auto pieces_of = [&](int k) {  // the tile's int4 pieces, and how many hold elements
        return reinterpret_cast<const int4*>(in) + std::size_t(tile_of(k)) * (E / 4);
    };
    const auto valid_pieces = [&](int k) { return min(E, n - tile_of(k) * E) / 4; };
    const auto piece = [&](int r) { return (warp * Rows + r) * 32 + lane; };  // rows of a warp

    // Asks for tile k's pieces (zero past the end).
    const auto load_tile = [&](int k, int4(&v)[Rows]) {
        const int4* pieces = pieces_of(k);
        const int valid = valid_pieces(k);
        for (int r = 0; r < Rows; ++r)
            v[r] = piece(r) < valid ? load_piece(pieces + piece(r)) : make_int4(0, 0, 0, 0);
    };
    // Adds up tile k from its pieces and publishes its aggregate (the whole block; one barrier).
    const auto publish_sum = [&](int k, const int4(&v)[Rows]) {
        int sum = 0;
        for (int r = 0; r < Rows; ++r)
            sum += v[r].x + v[r].y + v[r].z + v[r].w;
        for (int d = 16; d > 0; d /= 2)
            sum += __shfl_xor_sync(0xffffffffu, sum, d);
        if (lane == 0) warp_sums[k & 1][warp] = sum;
        __syncthreads();
        if (threadIdx.x == 0) {
            int total = 0;
            for (int w = 0; w < W; ++w)
                total += warp_sums[k & 1][w];
            publish_descriptor(descriptors.of(tile_of(k)),
                               pack_descriptor(TileStatus::Aggregate, unsigned(total)));
            descriptors.ready_next_launch(tile_of(k));
            note(k, kPublished);
        }
    };

    for (int k = 0; k < Ahead && k < my_tiles; ++k) {
        int4 v[Rows];
        load_tile(k, v);
        publish_sum(k, v);
    }

    int running = 0;  // warp 0: everything up to and including the block's last tile
    for (int k = 0; k < my_tiles; ++k) {
        const int tile = tile_of(k);
        const bool ahead = k + Ahead < my_tiles;
        int4 next[Rows];  // tile k + Ahead, to add up
        // order 1: the DRAM's bytes asked for before the L2's (the look-back's reads and tile k).
        if (order == 1 && ahead) load_tile(k + Ahead, next);
        if (warp == 0) {
            // The aggregates of the tiles between the block's last tile and this one, every read
            // out at once; they were published a step ago, so a pass rarely finds one missing.
            const int first = max(0, tile - grid + 1);
            const auto window_tile = [&](int w) { return tile - 1 - (w * 32 + lane); };
            DescriptorWord word[S::kMaxWindows];
            for (int w = 0; w < S::kMaxWindows; ++w)
                word[w] = window_tile(w) >= first ? read_descriptor(descriptors.of(window_tile(w)))
                                                  : pack_descriptor(TileStatus::Aggregate, 0);
            for (bool pending = true; pending;) {
                pending = false;
                for (int w = 0; w < S::kMaxWindows; ++w)
                    if (unpack_descriptor(word[w]).status == TileStatus::Invalid)
                        word[w] = read_descriptor(descriptors.of(window_tile(w)));
                for (int w = 0; w < S::kMaxWindows; ++w)
                    pending |= unpack_descriptor(word[w]).status == TileStatus::Invalid;
            }
            int window = 0;
            for (int w = 0; w < S::kMaxWindows; ++w)
                window += int(unpack_descriptor(word[w]).value);
            for (int d = 16; d > 0; d /= 2)
                window += __shfl_xor_sync(0xffffffffu, window, d);
            running += window;  // now the tile's exclusive prefix
            if (lane == 0) tile_prefix[k & 1] = running;
            note(k, kPrefixed);
        }
        // Tile k again (from the L2), scanned in rows of 4 consecutive elements a lane.
        int4 v[Rows];
        load_tile(k, v);
        if (order != 1 && ahead) load_tile(k + Ahead, next);
        int before_lane[Rows];
        int carry = 0;
        for (int r = 0; r < Rows; ++r) {
            const int lane_sum = v[r].x + v[r].y + v[r].z + v[r].w;
            int inclusive = lane_sum;
            for (int d = 1; d < 32; d *= 2) {
                const int up = __shfl_up_sync(0xffffffffu, inclusive, d);
                if (lane >= d) inclusive += up;
            }
            before_lane[r] = carry + inclusive - lane_sum;
            carry += __shfl_sync(0xffffffffu, inclusive, 31);
        }
        if (lane == 0) warp_totals[k & 1][warp] = carry;
        __syncthreads();
        int before_warp = 0, tile_total = 0;
        for (int w = 0; w < W; ++w) {
            before_warp += w < warp ? warp_totals[k & 1][w] : 0;
            tile_total += warp_totals[k & 1][w];
        }
        const int base = tile_prefix[k & 1] + before_warp;
        int4* to = reinterpret_cast<int4*>(out) + std::size_t(tile) * (E / 4);
        const int valid = valid_pieces(k);
        for (int r = 0; r < Rows; ++r) {
            int4 s;
            int sum = base + before_lane[r];
            s.x = sum += v[r].x;
            s.y = sum += v[r].y;
            s.z = sum += v[r].z;
            s.w = sum += v[r].w;
            if (piece(r) < valid) to[piece(r)] = s;
        }
        note(k, kStored);
        if (warp == 0) running += tile_total;
        if (ahead) publish_sum(k + Ahead, next);
    }
}

}  // namespace scanscope::reduce_ahead
