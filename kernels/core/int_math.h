// Small integer helpers for launch shapes.
#pragma once

#include "core/hd.h"

namespace scanscope {

SS_HD_INLINE constexpr int ceil_div(int a, int b) {
    return (a + b - 1) / b;
}
SS_HD_INLINE constexpr bool is_pow2(int x) {
    return x > 0 && (x & (x - 1)) == 0;
}
SS_HD_INLINE constexpr int next_pow2(int x) {
    int p = 1;
    while (p < x)
        p *= 2;
    return p;
}
SS_HD_INLINE constexpr int round_up(int x, int multiple) {
    return ceil_div(x, multiple) * multiple;
}

// How many bits hold every count from 0 to x (x >= 0): 6 for 32, 8 for 128.
SS_HD_INLINE constexpr int bits_to_hold(int x) {
    int bits = 1;
    while ((x >> bits) != 0)
        ++bits;
    return bits;
}

// The tiles of `rounds` rounds round a grid of `grid` blocks (at most all of them).
SS_HD_INLINE constexpr int dealt_tiles(int tiles, int grid, int rounds) {
    return tiles / grid < rounds ? tiles : grid * rounds;
}

}  // namespace scanscope
