// Loads and stores of a few consecutive elements per thread (global memory).
//
// A warp whose lanes each take Vec consecutive elements, lane after lane, touches 32 * Vec
// consecutive elements: one coalesced sweep. With Vec = 4 and 4-byte elements, each lane's part is
// one 16-byte load or store on the GPU, so a warp moves 512 bytes in one instruction (Vec = 2: 8
// bytes, 256 a warp); bytes go 4, 8 or 16 in one load. At the end
// of the array, or where the address is not 16-byte aligned, it falls back to one element at a
// time; the emulation always does.
#pragma once

#include <cstdint>

#include "core/bits.h"
#include "core/hd.h"

namespace scanscope::kernels {

#if defined(__CUDACC__)

// On the GPU, four 4-byte elements before n at a 16-byte aligned address: one vector access.
template <class T>
__device__ __forceinline__ bool one_vector(const T* at, int first, int n) {
    return first + 4 <= n && (reinterpret_cast<std::uintptr_t>(at) & 15) == 0;
}
#endif

// items[v] = from[first + v], or `fill` past n. L2Only: the 16-byte loads are cached in the L2
// only (ld.global.cg), for an input read once by a kernel whose L1 is small beside its shared
// memory (compact-lookback's large tile; bench/tuning.md).
template <int Vec, bool L2Only = false, class T>
SS_HD_INLINE void load_consecutive(const T* from, int first, int n, T fill, T (&items)[Vec]) {
#if defined(__CUDA_ARCH__)
    if constexpr (Vec == 4 && sizeof(T) == 4) {
        if (one_vector(from + first, first, n)) {
            const uint4* at = reinterpret_cast<const uint4*>(from + first);
            const uint4 v = L2Only ? __ldcg(at) : *at;
            items[0] = from_bits<T>(v.x);
            items[1] = from_bits<T>(v.y);
            items[2] = from_bits<T>(v.z);
            items[3] = from_bits<T>(v.w);
            return;
        }
    }
    if constexpr (Vec == 2 && sizeof(T) == 4) {  // two elements at an 8-byte aligned address
        if (first + 2 <= n && (reinterpret_cast<std::uintptr_t>(from + first) & 7) == 0) {
            const uint2 v = *reinterpret_cast<const uint2*>(from + first);
            items[0] = from_bits<T>(v.x);
            items[1] = from_bits<T>(v.y);
            return;
        }
    }
    if constexpr ((Vec == 4 || Vec == 8 || Vec == 16) && sizeof(T) == 1) {
        // 4, 8 or 16 bytes (heads) in one load of that size
        if (first + Vec <= n && (reinterpret_cast<std::uintptr_t>(from + first) & (Vec - 1)) == 0) {
            unsigned words[Vec / 4];
            if constexpr (Vec == 16) {
                const uint4 v = *reinterpret_cast<const uint4*>(from + first);
                words[0] = v.x;
                words[1] = v.y;
                words[2] = v.z;
                words[3] = v.w;
            } else if constexpr (Vec == 8) {
                const uint2 v = *reinterpret_cast<const uint2*>(from + first);
                words[0] = v.x;
                words[1] = v.y;
            } else {
                words[0] = *reinterpret_cast<const unsigned*>(from + first);
            }
            for (int i = 0; i < Vec; ++i)
                items[i] = T((words[i / 4] >> (8 * (i % 4))) & 0xffu);
            return;
        }
    }
#endif
    for (int i = 0; i < Vec; ++i)
        items[i] = first + i < n ? from[first + i] : fill;
}

// to[first + v] = items[v], for the elements before n.
template <int Vec, class T>
SS_HD_INLINE void store_consecutive(T* to, int first, int n, const T (&items)[Vec]) {
#if defined(__CUDA_ARCH__)
    if constexpr (Vec == 4 && sizeof(T) == 4) {
        if (one_vector(to + first, first, n)) {
            *reinterpret_cast<uint4*>(to + first) = make_uint4(
                to_bits(items[0]), to_bits(items[1]), to_bits(items[2]), to_bits(items[3]));
            return;
        }
    }
    if constexpr (Vec == 2 && sizeof(T) == 4) {
        if (first + 2 <= n && (reinterpret_cast<std::uintptr_t>(to + first) & 7) == 0) {
            *reinterpret_cast<uint2*>(to + first) =
                make_uint2(to_bits(items[0]), to_bits(items[1]));
            return;
        }
    }
#endif
    for (int i = 0; i < Vec; ++i)
        if (first + i < n) to[first + i] = items[i];
}

}  // namespace scanscope::kernels
