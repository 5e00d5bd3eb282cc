// Radix sort's split on one bit, in one block (Harris, Sengupta and Owens, GPU Gems 3, ch. 39,
// 39.3.3): the keys whose bit is 0 first, then those whose bit is 1, each pile in its order (a
// stable partition: one pass of an LSD radix sort). With b the key's bit and e = not b, the
// exclusive sum f of e gives a 0-key its place, f[i]; a 1-key goes after all the 0-keys, to
// i - f[i] + totalFalses. Each thread takes two keys; the sum is Blelloch's sweeps in place; the
// keys are scattered into shared memory by their places, then stored in order, coalesced. The
// bit is bit 0 of the key's 32-bit pattern.
#pragma once

#include "core/bits.h"
#include "core/hd.h"
#include "core/ops.h"
#include "core/shared_memory.h"
#include "scan/blelloch.h"

namespace scanscope::kernels {

struct SplitLine {
    enum : std::uint16_t { Flag = 30, Scatter = 34, Store = 35 };
};

template <class T>
struct SplitScan {
    const T* in;
    T* out;
    int n;
    int* falses;  // one word: how many keys have the bit 0 (totalFalses)

    SS_HD static int bit_of(T key) { return int(to_bits(key) & 1u); }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const int thid = b.thread();
        const int m = 2 * b.threads();  // a power of two
        auto e = shared_memory<int>(b, m);
        auto sorted = shared_memory<T>(b, m);

        // e := not b, for the keys there are (0 past the end: those never move).
        b.at(SplitLine::Flag);
        const int ai = 2 * thid, bi = 2 * thid + 1;
        const T a_key = ai < n ? in[ai] : T(0);
        const T b_key = bi < n ? in[bi] : T(0);
        e[ai] = ai < n && bit_of(a_key) == 0 ? 1 : 0;
        e[bi] = bi < n && bit_of(b_key) == 0 ? 1 : 0;

        // f := the exclusive sum of e (Blelloch); its total is totalFalses.
        blelloch_sweeps<AddOp<int>>(
            b, e, m, [](int i) { return i; }, falses);

        // d := f for a 0-key, i - f + totalFalses for a 1-key; the key goes to sorted[d].
        b.sync(SplitLine::Scatter);
        const int total_falses = *falses;
        if (ai < n) {
            const int f = e[ai];
            sorted[bit_of(a_key) ? ai - f + total_falses : f] = a_key;
        }
        if (bi < n) {
            const int f = e[bi];
            sorted[bit_of(b_key) ? bi - f + total_falses : f] = b_key;
        }

        // The keys in their new order, each thread two neighbours.
        b.sync(SplitLine::Store);
        if (ai < n) out[ai] = sorted[ai];
        if (bi < n) out[bi] = sorted[bi];
    }
};

}  // namespace scanscope::kernels
