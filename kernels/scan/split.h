// Radix sort by splits, in one block (Harris, Sengupta and Owens, GPU Gems 3, ch. 39, 39.3.3).
// One pass splits the keys on one bit: the keys whose bit is 0 first, then those whose bit is 1,
// each pile in its order (a stable partition). With b the key's bit and e = not b, the exclusive
// sum f of e gives a 0-key its place, f[i]; a 1-key goes after all the 0-keys, to
// i - f[i] + totalFalses. Passes over bits 0, 1, ..., bits - 1, the lowest first (LSD), leave the
// keys ordered by those bits: each pass is stable, so keys equal in its bit keep the order the
// passes before gave them. `split` is one pass, on bit 0; `radix-sort` all the bits the keys use.
//
// Each thread takes two keys; the sum is Blelloch's sweeps in place; the keys are scattered into
// shared memory by their places, where the next pass reads them; the last pass's order is stored,
// coalesced. A key's bits are those of radix_bits(): its 32-bit pattern, ordered as the values
// are (the sign bit turned over; a negative float's bits all turned over).
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
struct SplitSort {
    const T* in;
    T* out;
    int n;
    int bits;     // passes: on bit 0, then 1, ..., bits - 1
    int* falses;  // `bits` words: each pass's totalFalses (how many keys have that bit 0)

    SS_HD static int bit_of(T key, int bit) { return int((radix_bits(key) >> bit) & 1u); }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const int thid = b.thread();
        const int m = 2 * b.threads();  // a power of two
        auto e = shared_memory<int>(b, m);
        auto sorted = shared_memory<T>(b, m);

        const int ai = 2 * thid, bi = 2 * thid + 1;
        T a_key = ai < n ? in[ai] : T(0);
        T b_key = bi < n ? in[bi] : T(0);
        for (int bit = 0; bit < bits; ++bit) {
            // e := not b, for the keys there are (0 past the end: those never move). After the
            // first pass the keys are those the last scatter left in `sorted`.
            if (bit == 0) {
                b.at(SplitLine::Flag, bit);
            } else {
                b.sync(SplitLine::Flag, bit);
                if (ai < n) a_key = sorted[ai];
                if (bi < n) b_key = sorted[bi];
            }
            e[ai] = ai < n && bit_of(a_key, bit) == 0 ? 1 : 0;
            e[bi] = bi < n && bit_of(b_key, bit) == 0 ? 1 : 0;

            // f := the exclusive sum of e (Blelloch); its total is totalFalses.
            blelloch_sweeps<AddOp<int>>(
                b, e, m, [](int i) { return i; }, &falses[bit]);

            // d := f for a 0-key, i - f + totalFalses for a 1-key; the key goes to sorted[d].
            b.sync(SplitLine::Scatter, bit);
            const int total_falses = falses[bit];
            if (ai < n) {
                const int f = e[ai];
                sorted[bit_of(a_key, bit) ? ai - f + total_falses : f] = a_key;
            }
            if (bi < n) {
                const int f = e[bi];
                sorted[bit_of(b_key, bit) ? bi - f + total_falses : f] = b_key;
            }
        }

        // The keys in their new order, each thread two neighbours.
        b.sync(SplitLine::Store);
        if (ai < n) out[ai] = sorted[ai];
        if (bi < n) out[bi] = sorted[bi];
    }
};

}  // namespace scanscope::kernels
