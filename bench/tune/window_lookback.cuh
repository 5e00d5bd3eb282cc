// The look-back the probes with dealt tiles share (specialized_scan.cuh, reduce_ahead_scan.cuh):
// block b takes tiles b, b + G, b + 2G, ..., keeps the running prefix of its own last tile, and
// for each new tile adds the aggregates of the G - 1 tiles between, so no prefix is waited for.
#pragma once

#include <cuda_runtime.h>

#include "core/tile_descriptor.h"

namespace scanscope::probe {

__device__ __forceinline__ DescriptorWord read_descriptor(const DescriptorWord* at) {
    DescriptorWord word;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(word) : "l"(at) : "memory");
    return word;
}
__device__ __forceinline__ void publish_descriptor(DescriptorWord* at, DescriptorWord word) {
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(at), "l"(word) : "memory");
}

// The sum of the aggregates of tiles first .. tile - 1 (at most 32 * Windows of them), by one
// warp: every read out at once, and those not yet published read again together, one round trip
// a pass. (Sending the next tile's reads before these are waited for was slower: they find the
// round unpublished; bench/tuning.md.) Every lane gets the sum.
template <int Windows>
__device__ int window_sum(const TileDescriptors& descriptors, int tile, int first, int lane) {
    const auto window_tile = [&](int w) { return tile - 1 - (w * 32 + lane); };
    DescriptorWord word[Windows];
    for (int w = 0; w < Windows; ++w)
        word[w] = window_tile(w) >= first ? read_descriptor(descriptors.of(window_tile(w)))
                                          : pack_descriptor(TileStatus::Aggregate, 0);
    for (bool pending = true; pending;) {
        pending = false;
        for (int w = 0; w < Windows; ++w)
            if (unpack_descriptor(word[w]).status == TileStatus::Invalid)
                word[w] = read_descriptor(descriptors.of(window_tile(w)));
        for (int w = 0; w < Windows; ++w)
            pending |= unpack_descriptor(word[w]).status == TileStatus::Invalid;
    }
    int window = 0;
    for (int w = 0; w < Windows; ++w)
        window += int(unpack_descriptor(word[w]).value);
    for (int d = 16; d > 0; d /= 2)
        window += __shfl_xor_sync(0xffffffffu, window, d);
    return window;
}

}  // namespace scanscope::probe
