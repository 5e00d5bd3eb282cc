// Harris's reduction 5: once 32 threads remain they are one warp, so the last six stages need no
// block barrier. Harris relied on a warp's lanes moving in lockstep (a volatile array, nothing
// else). Since Volta the lanes of a warp may be scheduled independently, so each stage here reads,
// waits for the warp (__syncwarp), then writes, and waits again.
#pragma once

#include "core/hd.h"
#include "core/shared_memory.h"
#include "reduce/sequential.h"

namespace scanscope::kernels {

template <class T, class Op>
struct ReduceUnrolledWarp {
    static constexpr int kElementsPerThread = 2;
    static constexpr int kMinThreads = 64;  // the last warp reads s[t + 32]
    const T* in;
    T* partials;
    int n;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const Op op;
        const int t = b.thread();
        const int i = b.block() * (2 * b.threads()) + t;
        auto s = shared_memory<T>(b, b.threads());
        b.at(ReduceLine::Load);
        const T first = i < n ? in[i] : Op::identity();
        const T second = i + b.threads() < n ? in[i + b.threads()] : Op::identity();
        s[t] = Op::combine(first, second);
        reduce_sequential_tree<Op>(b, s, 32);

        b.sync(ReduceLine::LastWarp);
        if (t < 32) {
            T v = s[t];
            for (int stride = 32; stride > 0; stride /= 2) {
                v = op(v, s[t + stride]);
                b.sync_warp(ReduceLine::LastWarp, stride);
                s[t] = v;
                b.sync_warp(ReduceLine::LastWarp, stride);
            }
            if (t == 0) partials[b.block()] = v;
        }
    }
};

}  // namespace scanscope::kernels
