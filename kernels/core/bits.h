// Values travel through traces as their 32-bit patterns, so int32 and float32 share one format.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/hd.h"

namespace scanscope {

template <class T>
SS_HD_INLINE std::uint32_t to_bits(T value) {
    static_assert(sizeof(T) == 4 && std::is_trivially_copyable<T>::value, "32-bit values only");
    std::uint32_t bits;
    std::memcpy(&bits, &value, 4);
    return bits;
}

template <class T>
SS_HD_INLINE T from_bits(std::uint32_t bits) {
    T value;
    std::memcpy(&value, &bits, 4);
    return value;
}

// A key's 32 bits in the order of its value: the unsigned order of the results is the values'
// order (the sign bit turned over; a negative float's bits all turned over, as larger magnitudes
// are smaller). What a radix sort orders by.
SS_HD_INLINE std::uint32_t radix_bits(std::int32_t key) {
    return to_bits(key) ^ 0x80000000u;
}
SS_HD_INLINE std::uint32_t radix_bits(float key) {
    const std::uint32_t b = to_bits(key);
    // All ones for a negative key, else the sign bit alone: two instructions, no select.
    const std::uint32_t turn = std::uint32_t(std::int32_t(b) >> 31) | 0x80000000u;
    return b ^ turn;
}

// The key whose radix bits are all ones (int32: the largest; float: a NaN), which every digit of
// every pass puts last: a sort's padding past n.
template <class T>
SS_HD_INLINE T radix_last() {
    return from_bits<T>(0x7fffffffu);
}

// Index of the lowest set bit (0 for bit 0); -1 for 0.
SS_HD_INLINE int lowest_set_bit(unsigned x) {
#if defined(__CUDA_ARCH__)
    return __ffs(int(x)) - 1;
#else
    return __builtin_ffs(int(x)) - 1;
#endif
}

// How many bits of x are set.
SS_HD_INLINE int count_set_bits(unsigned x) {
#if defined(__CUDA_ARCH__)
    return __popc(x);
#else
    return __builtin_popcount(x);
#endif
}

// Index of the highest set bit (31 for bit 31); -1 for 0.
SS_HD_INLINE int highest_set_bit(unsigned x) {
#if defined(__CUDA_ARCH__)
    return 31 - __clz(int(x));
#else
    return x ? 31 - __builtin_clz(x) : -1;
#endif
}

}  // namespace scanscope
