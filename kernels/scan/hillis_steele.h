// Hillis and Steele's scan in one block: log2(n) steps, each thread adding the element `offset`
// places to its left (Harris, Algorithm 2 and Listing 1; Kirk and Hwu's ping-pong buffers T0/T1).
// O(n log n) additions, but only log n steps.
#pragma once

#include "core/hd.h"
#include "core/shared_memory.h"

namespace scanscope::kernels {

// Pseudo-code lines the steps point at (see the listings in variants/registry.cpp). Ids are
// unique across kernels, since one variant's listing may cover several kernels.
struct HillisSteeleLine {
    enum : std::uint16_t { Load = 1, Add = 2, Store = 3 };
};

// One thread per element; the block has at least n threads.
template <class T, class Op>
struct HillisSteeleScan {
    const T* in;
    T* out;
    int n;
    bool inclusive;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = HillisSteeleLine;
        const Op op;
        const int k = b.thread();
        const int m = b.threads();
        auto x = shared_memory<T>(b, 2 * m);  // two buffers: x[0, m) and x[m, 2m)

        // An exclusive scan is an inclusive scan of the input shifted right by one, with the
        // identity in front (Harris, Listing 1).
        b.at(Line::Load);
        const int from = inclusive ? k : k - 1;
        x[k] = (from >= 0 && from < n) ? in[from] : Op::identity();

        int pout = 0, pin = 1;
        for (int offset = 1; offset < n; offset *= 2) {
            pout = 1 - pout;  // swap the buffers: read one, write the other
            pin = 1 - pout;
            b.sync(Line::Add, offset, pin, pout);
            if (k >= offset)
                x[pout * m + k] = op(x[pin * m + k - offset], x[pin * m + k]);
            else
                x[pout * m + k] = x[pin * m + k];
        }
        b.sync(Line::Store);
        if (k < n) out[k] = x[pout * m + k];
    }
};

// The same without the second buffer: a deliberate race, for teaching. A thread reads
// x[k - offset] while thread k - offset may already have overwritten it in the same step.
template <class T, class Op>
struct HillisSteeleInPlaceScan {
    const T* in;
    T* out;
    int n;
    bool inclusive;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = HillisSteeleLine;
        const Op op;
        const int k = b.thread();
        auto x = shared_memory<T>(b, b.threads());

        b.at(Line::Load);
        const int from = inclusive ? k : k - 1;
        x[k] = (from >= 0 && from < n) ? in[from] : Op::identity();

        for (int offset = 1; offset < n; offset *= 2) {
            b.sync(Line::Add, offset);
            if (k >= offset) x[k] = op(x[k - offset], x[k]);  // races with thread k - offset
        }
        b.sync(Line::Store);
        if (k < n) out[k] = x[k];
    }
};

}  // namespace scanscope::kernels
