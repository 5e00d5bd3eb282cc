// Blelloch's work-efficient scan in one block (Harris, Algorithms 3 and 4, Listing 2), and the
// same with padding against bank conflicts (Harris, Listing 3). Each thread handles two elements:
// an up-sweep builds partial sums up a balanced tree, the root is cleared, and a down-sweep pushes
// prefixes back down. 2(n - 1) additions and n - 1 swaps: O(n) work.
#pragma once

#include "core/hd.h"
#include "core/shared_memory.h"

namespace scanscope::kernels {

struct BlellochLine {
    enum : std::uint16_t { Load = 10, UpSweep = 11, ClearRoot = 12, DownSweep = 13, Store = 14 };
};

// Harris's padding: one word after every 2^log_banks words, and one more after every
// 2^(2 log_banks). The paper's macro reads
//     ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))
// and + binds tighter than >>, so it computes n >> (NUM_BANKS + n) >> (2 * LOG_NUM_BANKS): zero
// for every index that matters. Also, NUM_BANKS should be LOG_NUM_BANKS. What was meant:
SS_HD_INLINE int conflict_free_offset(int i, int log_banks) {
    return (i >> log_banks) + (i >> (2 * log_banks));
}

// B to D of Blelloch's scan, on the m words (a power of two) of `temp` the block's threads have
// written: an exclusive scan in place. `pad` maps an index to its word (padding against bank
// conflicts, or none). With `total` (a typed pointer, null for none), thread 0 stores the m
// words' total there before clearing the root. Other kernels built on the scan (stream
// compaction) call it as Blelloch's does.
template <class Op, class Block, class Temp, class Pad, class T>
SS_HD void blelloch_sweeps(Block& b, Temp& temp, int m, Pad pad, T* total) {
    using Line = BlellochLine;
    const Op op;
    const int thid = b.thread();

    // B: up-sweep. After the level with stride `offset`, each node holds its subtree's sum.
    int offset = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        b.sync(Line::UpSweep, d, offset);
        if (thid < d) {
            const int left = offset * (2 * thid + 1) - 1;
            const int right = offset * (2 * thid + 2) - 1;
            temp[pad(right)] = op(temp[pad(left)], temp[pad(right)]);
        }
        offset *= 2;
    }

    // C: the root holds the total; clear it (the identity propagates down).
    b.sync(Line::ClearRoot);
    if (thid == 0) {
        if (total) *total = temp[pad(m - 1)];
        temp[pad(m - 1)] = Op::identity();
    }

    // D: down-sweep. A node passes its prefix to its left child, and prefix + left subtree to
    // its right child.
    for (int d = 1; d < m; d *= 2) {
        offset >>= 1;
        b.sync(Line::DownSweep, d, offset);
        if (thid < d) {
            const int left = offset * (2 * thid + 1) - 1;
            const int right = offset * (2 * thid + 2) - 1;
            const T t = temp[pad(left)];
            temp[pad(left)] = temp[pad(right)];
            temp[pad(right)] = op(temp[pad(right)], t);
        }
    }
}

// Scans each block's 2 * threads elements. With `block_sums`, block b's total goes to
// block_sums[b]; with `block_prefixes`, block b's results are combined with block_prefixes[b]
// (the multi-block scans use both).
template <class T, class Op>
struct BlellochScan {
    const T* in;
    T* out;
    int n;
    bool inclusive;
    int log_banks = 0;  // 0: no padding (Listing 2); 4 or 5: padding for 16 or 32 banks (Listing 3)
    T* block_sums = nullptr;
    const T* block_prefixes = nullptr;

    SS_HD int pad(int i) const { return log_banks ? i + conflict_free_offset(i, log_banks) : i; }

    // Shared memory the block needs, in elements.
    SS_HD static int shared_elements(int threads, int log_banks) {
        const int m = 2 * threads;
        return (log_banks ? m - 1 + conflict_free_offset(m - 1, log_banks) : m - 1) + 1;
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = BlellochLine;
        const int thid = b.thread();
        const int m = 2 * b.threads();  // elements in this block: a power of two
        const int base = b.block() * m;
        auto temp = shared_memory<T>(b, shared_elements(b.threads(), log_banks));

        // A: two elements per thread. Unpadded, the neighbours 2 thid and 2 thid + 1; padded, one
        // from each half, which keeps the loads themselves free of conflicts.
        b.at(Line::Load);
        const int ai = log_banks ? thid : 2 * thid;
        const int bi = log_banks ? thid + m / 2 : 2 * thid + 1;
        const T a_in = base + ai < n ? in[base + ai] : Op::identity();
        const T b_in = base + bi < n ? in[base + bi] : Op::identity();
        temp[pad(ai)] = a_in;
        temp[pad(bi)] = b_in;

        blelloch_sweeps<Op>(
            b, temp, m, [this](int i) { return pad(i); },
            block_sums ? &block_sums[b.block()] : nullptr);

        // E: write out; an inclusive scan adds each element's own input.
        b.sync(Line::Store);
        const T seed = block_prefixes ? block_prefixes[b.block()] : Op::identity();
        const T a_out = temp[pad(ai)];
        const T b_out = temp[pad(bi)];
        if (base + ai < n)
            out[base + ai] = Op::combine(seed, inclusive ? Op::combine(a_out, a_in) : a_out);
        if (base + bi < n)
            out[base + bi] = Op::combine(seed, inclusive ? Op::combine(b_out, b_in) : b_out);
    }
};

}  // namespace scanscope::kernels
