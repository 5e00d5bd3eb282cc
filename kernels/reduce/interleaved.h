// Tree reductions with interleaved addressing (the Seneca chapter; Harris's reductions 1 and 2).
// Each stage pairs elements `stride` apart and doubles the stride.
#pragma once

#include "core/hd.h"
#include "core/shared_memory.h"

namespace scanscope::kernels {

struct ReduceLine {
    enum : std::uint16_t { Load = 40, Reduce = 41, LastWarp = 42, WarpTotals = 43, Store = 44 };
};

// `if (t % (2 * stride) == 0)`: the active threads are scattered, so every warp stays busy
// while most of its lanes idle (divergence), and `%` is slow.
template <class T, class Op>
struct ReduceInterleavedDivergent {
    static constexpr int kElementsPerThread = 1;
    const T* in;
    T* partials;
    int n;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = ReduceLine;
        const Op op;
        const int t = b.thread();
        const int i = b.block() * b.threads() + t;
        auto s = shared_memory<T>(b, b.threads());
        b.at(Line::Load);
        s[t] = i < n ? in[i] : Op::identity();
        for (int stride = 1; stride < b.threads(); stride *= 2) {
            b.sync(Line::Reduce, stride);
            if (t % (2 * stride) == 0) s[t] = op(s[t], s[t + stride]);
        }
        b.sync(Line::Store);
        if (t == 0) partials[b.block()] = s[0];
    }
};

// A strided index instead: the active threads are the first ones, so whole warps retire, but the
// accesses 2 * stride apart pile into the same banks.
template <class T, class Op>
struct ReduceInterleavedStrided {
    static constexpr int kElementsPerThread = 1;
    const T* in;
    T* partials;
    int n;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = ReduceLine;
        const Op op;
        const int t = b.thread();
        const int i = b.block() * b.threads() + t;
        auto s = shared_memory<T>(b, b.threads());
        b.at(Line::Load);
        s[t] = i < n ? in[i] : Op::identity();
        for (int stride = 1; stride < b.threads(); stride *= 2) {
            b.sync(Line::Reduce, stride);
            const int index = 2 * stride * t;
            if (index < b.threads()) s[index] = op(s[index], s[index + stride]);
        }
        b.sync(Line::Store);
        if (t == 0) partials[b.block()] = s[0];
    }
};

}  // namespace scanscope::kernels
