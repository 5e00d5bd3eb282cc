// Stream compaction in one block (Harris, Sengupta and Owens, GPU Gems 3, ch. 39, 39.3.1): keep
// the elements a predicate accepts (not 0, unless the request picks another rule: even, above a
// threshold), in their order, at the front of the output. Each thread takes two elements and flags
// each with 1 where it is kept, else 0, in shared memory; Blelloch's sweeps scan the flags in place
// (an exclusive sum: each kept element's index in the output); each thread then scatters its kept
// elements there. The flags' total is how many are kept. The output's words past them stay as they
// were (zero in a fresh buffer).
#pragma once

#include "core/hd.h"
#include "core/keep_rule.h"
#include "core/ops.h"
#include "core/shared_memory.h"
#include "scan/blelloch.h"

namespace scanscope::kernels {

struct CompactLine {
    enum : std::uint16_t { Flag = 20, Scatter = 24 };
};

template <class T>
struct CompactScan {
    const T* in;
    T* out;
    int n;
    int* kept;     // one word: how many elements are kept
    Keep<T> keep;  // the predicate (core/keep_rule.h): not 0 unless the request says otherwise

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const int thid = b.thread();
        const int m = 2 * b.threads();  // a power of two
        auto flags = shared_memory<int>(b, m);

        b.at(CompactLine::Flag);
        const int ai = 2 * thid, bi = 2 * thid + 1;
        const T a_in = ai < n ? in[ai] : T(0);
        const T b_in = bi < n ? in[bi] : T(0);
        const bool a_kept = ai < n && keep(a_in), b_kept = bi < n && keep(b_in);
        flags[ai] = a_kept ? 1 : 0;
        flags[bi] = b_kept ? 1 : 0;

        // The exclusive sum of the flags, Blelloch's up-sweep and down-sweep; the root's total,
        // before it is cleared, is the count kept.
        blelloch_sweeps<AddOp<int>>(
            b, flags, m, [](int i) { return i; }, kept);

        // Each kept element to the output, at the number of kept elements before it.
        b.sync(CompactLine::Scatter);
        if (a_kept) out[flags[ai]] = a_in;
        if (b_kept) out[flags[bi]] = b_in;
    }
};

}  // namespace scanscope::kernels
