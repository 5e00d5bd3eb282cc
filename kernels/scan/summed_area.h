// A summed-area table in one block (Harris, Sengupta and Owens, GPU Gems 3, ch. 39, 39.3.2; Crow,
// 1984): entry (x, y) of the output is the sum of the input over the rectangle from (0, 0) to
// (x, y). It is two scans: every row scanned, then every column of the result. Each is
// Hillis and Steele's scan (hillis_steele.h), all rows (then all columns) at once: one thread per
// entry, two buffers read and written by turns. With the table, the sum over any box takes four
// reads: S = T(x1, y1) - T(x0 - 1, y1) - T(x1, y0 - 1) + T(x0 - 1, y0 - 1), whatever its size (a
// box filter in constant time, the reason graphics uses them).
#pragma once

#include "core/hd.h"
#include "core/shared_memory.h"

namespace scanscope::kernels {

struct SummedAreaLine {
    enum : std::uint16_t { Load = 60, Rows = 61, Columns = 62, Store = 63 };
};

// The table is `width` entries wide and n / width high, row after row; one thread per entry.
template <class T, class Op>
struct SummedAreaScan {
    const T* in;
    T* out;
    int n;
    int width;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = SummedAreaLine;
        const Op op;
        const int k = b.thread();
        const int m = b.threads();
        const int height = n / width;
        const int x = k % width, y = k / width;
        auto t = shared_memory<T>(b, 2 * m);  // two buffers: t[0, m) and t[m, 2m)

        b.at(Line::Load);
        t[k] = k < n ? in[k] : Op::identity();

        // Each row scanned: entry (x, y) adds the one d to its left.
        int pout = 0, pin = 1;
        for (int d = 1; d < width; d *= 2) {
            pout = 1 - pout;
            pin = 1 - pout;
            b.sync(Line::Rows, d, pin, pout);
            if (k < n && x >= d)
                t[pout * m + k] = op(t[pin * m + k - d], t[pin * m + k]);
            else
                t[pout * m + k] = t[pin * m + k];
        }

        // Then each column of that: entry (x, y) adds the one d rows above.
        for (int d = 1; d < height; d *= 2) {
            pout = 1 - pout;
            pin = 1 - pout;
            b.sync(Line::Columns, d, pin, pout);
            if (k < n && y >= d)
                t[pout * m + k] = op(t[pin * m + k - d * width], t[pin * m + k]);
            else
                t[pout * m + k] = t[pin * m + k];
        }
        b.sync(Line::Store);
        if (k < n) out[k] = t[pout * m + k];
    }
};

}  // namespace scanscope::kernels
