// Segmented scan in one block: Blelloch's up-sweep and down-sweep, with head flags that stop the
// sums at each segment's start (Sengupta, Harris, Zhang and Owens, "Scan Primitives for GPU
// Computing", 2007; Blelloch, "Prefix Sums and Their Applications", 1990). Each thread takes two
// elements. A segment starts at every element whose head flag is 1; each segment is scanned as
// if it were alone. Segmented scan is what the rest of the parallel algorithms build on: a
// quicksort's partitions, sparse matrix rows, many small scans at once.
//
// The up-sweep adds a left subtree into its right neighbour only where no head lies in between,
// and ORs the flags up the tree: a node's flag says "a segment starts within me". The down-sweep
// passes prefixes down as Blelloch's does, but a right child whose subtree begins with a head
// gets the identity (the carry stops at the head), and one whose left sibling holds a head gets
// only the left sibling's own sum (the carry from further left stops there).
#pragma once

#include "core/hd.h"
#include "core/shared_memory.h"

namespace scanscope::kernels {

struct SegmentedLine {
    enum : std::uint16_t { Load = 50, UpSweep = 51, ClearRoot = 52, DownSweep = 53, Store = 54 };
};

template <class T, class Op>
struct SegmentedScan {
    const T* in;
    const int* heads;  // 1 where a segment starts (element 0 always does), else 0
    T* out;
    int n;
    bool inclusive;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = SegmentedLine;
        const Op op;
        const int thid = b.thread();
        const int m = 2 * b.threads();      // a power of two
        auto x = shared_memory<T>(b, m);    // the values, then their scan
        auto f = shared_memory<int>(b, m);  // the flags as the sweeps change them
        auto h = shared_memory<int>(b, m);  // the head flags as given

        // A: two neighbours per thread, values and head flags (past n: identity, no head).
        b.at(Line::Load);
        const int ai = 2 * thid, bi = 2 * thid + 1;
        const T a_in = ai < n ? in[ai] : Op::identity();
        const T b_in = bi < n ? in[bi] : Op::identity();
        const int a_head = ai < n ? heads[ai] : 0;
        const int b_head = bi < n ? heads[bi] : 0;
        x[ai] = a_in;
        x[bi] = b_in;
        f[ai] = a_head;
        f[bi] = b_head;
        h[ai] = a_head;
        h[bi] = b_head;

        // B: up-sweep. A right node adds its left neighbour unless a segment starts within it;
        // its flag becomes the OR of both.
        int offset = 1;
        for (int d = m >> 1; d > 0; d >>= 1) {
            b.sync(Line::UpSweep, d, offset);
            if (thid < d) {
                const int left = offset * (2 * thid + 1) - 1;
                const int right = offset * (2 * thid + 2) - 1;
                const int right_flag = f[right];
                if (!right_flag) x[right] = op(x[left], x[right]);
                const int left_flag = f[left];
                f[right] = left_flag | right_flag;
            }
            offset *= 2;
        }

        // C: clear the root (the identity goes down).
        b.sync(Line::ClearRoot);
        if (thid == 0) x[m - 1] = Op::identity();

        // D: down-sweep. The left child gets its parent's prefix. The right child gets the
        // identity if its own subtree starts a segment; the left child's sum alone if the left
        // subtree holds a head; else the parent's prefix and the left child's sum.
        for (int d = 1; d < m; d *= 2) {
            offset >>= 1;
            b.sync(Line::DownSweep, d, offset);
            if (thid < d) {
                const int left = offset * (2 * thid + 1) - 1;
                const int right = offset * (2 * thid + 2) - 1;
                const T t = x[left];
                x[left] = x[right];
                const int starts_right = h[left + 1];
                const int left_flag = f[left];
                if (starts_right)
                    x[right] = Op::identity();
                else if (left_flag)
                    x[right] = t;
                else
                    x[right] = op(x[right], t);
                f[left] = 0;
            }
        }

        // E: write out; an inclusive scan adds each element's own value (at a head, the value
        // alone: its exclusive result is the identity).
        b.sync(Line::Store);
        const T a_out = x[ai];
        const T b_out = x[bi];
        if (ai < n) out[ai] = inclusive ? Op::combine(a_out, a_in) : a_out;
        if (bi < n) out[bi] = inclusive ? Op::combine(b_out, b_in) : b_out;
    }
};

}  // namespace scanscope::kernels
