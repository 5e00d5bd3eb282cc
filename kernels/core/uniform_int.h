// A uniform integer in [lo, hi] from a 64-bit engine, the same on every standard library.
// std::uniform_int_distribution's algorithm is the library's own: libc++ (the browser build's)
// draws other numbers than libstdc++ (the desktop's) from the same engine, so random inputs and
// the emulation's schedules would differ. This is libstdc++'s method for a 64-bit engine
// (Lemire's nearly divisionless multiply-and-reject), so the desktop's numbers stay as they were;
// tests hold it equal to std::uniform_int_distribution there.
#pragma once

#include <cstdint>
#include <limits>

namespace scanscope {

// The 128-bit product a * b, as its high and low 64 bits.
inline void multiply_wide(std::uint64_t a, std::uint64_t b, std::uint64_t& high,
                          std::uint64_t& low) {
    const std::uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32, b_lo = b & 0xffffffffu,
                        b_hi = b >> 32;
    const std::uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
    const std::uint64_t middle = (p0 >> 32) + (p1 & 0xffffffffu) + (p2 & 0xffffffffu);
    low = (middle << 32) | (p0 & 0xffffffffu);
    high = p3 + (p1 >> 32) + (p2 >> 32) + (middle >> 32);
}

template <class Engine>
std::uint64_t uniform_below(Engine& engine, std::uint64_t range) {  // in [0, range), range > 0
    static_assert(Engine::min() == 0 && Engine::max() == std::numeric_limits<std::uint64_t>::max(),
                  "a 64-bit engine, such as std::mt19937_64");
    std::uint64_t high = 0, low = 0;
    multiply_wide(engine(), range, high, low);
    if (low < range) {
        const std::uint64_t threshold = (0 - range) % range;
        while (low < threshold)
            multiply_wide(engine(), range, high, low);
    }
    return high;
}

template <class Int, class Engine>
Int uniform_int(Engine& engine, Int lo, Int hi) {
    const std::uint64_t span = std::uint64_t(hi) - std::uint64_t(lo);
    if (span == std::numeric_limits<std::uint64_t>::max()) return Int(engine());
    return Int(std::uint64_t(lo) + uniform_below(engine, span + 1));
}

}  // namespace scanscope
