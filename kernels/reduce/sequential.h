// Tree reductions with sequential addressing (Harris's reductions 3 and 4): the stride halves
// from blockDim / 2, the first `stride` threads add the element `stride` places on. Consecutive
// threads touch consecutive words: no bank conflicts.
#pragma once

#include "core/hd.h"
#include "core/shared_memory.h"
#include "reduce/interleaved.h"

namespace scanscope::kernels {

// The tree itself, from s[0 .. threads) down to s[0], for the kernels below.
template <class Op, class Block, class Shared>
SS_HD void reduce_sequential_tree(Block& b, const Shared& s, int down_to) {
    const Op op;
    const int t = b.thread();
    for (int stride = b.threads() / 2; stride > down_to; stride /= 2) {
        b.sync(ReduceLine::Reduce, stride);
        if (t < stride) s[t] = op(s[t], s[t + stride]);
    }
}

template <class T, class Op>
struct ReduceSequential {
    static constexpr int kElementsPerThread = 1;
    const T* in;
    T* partials;
    int n;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const int t = b.thread();
        const int i = b.block() * b.threads() + t;
        auto s = shared_memory<T>(b, b.threads());
        b.at(ReduceLine::Load);
        s[t] = i < n ? in[i] : Op::identity();
        reduce_sequential_tree<Op>(b, s, 0);
        b.sync(ReduceLine::Store);
        if (t == 0) partials[b.block()] = s[0];
    }
};

// Half the threads: each adds two elements, a block apart, while loading them. No thread idles
// at the first stage.
template <class T, class Op>
struct ReduceFirstAdd {
    static constexpr int kElementsPerThread = 2;
    const T* in;
    T* partials;
    int n;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const int t = b.thread();
        const int i = b.block() * (2 * b.threads()) + t;
        auto s = shared_memory<T>(b, b.threads());
        b.at(ReduceLine::Load);
        const T first = i < n ? in[i] : Op::identity();
        const T second = i + b.threads() < n ? in[i + b.threads()] : Op::identity();
        s[t] = Op::combine(first, second);
        reduce_sequential_tree<Op>(b, s, 0);
        b.sync(ReduceLine::Store);
        if (t == 0) partials[b.block()] = s[0];
    }
};

}  // namespace scanscope::kernels
