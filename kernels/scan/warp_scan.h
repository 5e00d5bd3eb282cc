// Scans with warp shuffles: Kogge-Stone within a warp, in registers (__shfl_up_sync), then a scan
// of the warp totals. The block-wide scan here is the `warp-shuffle` variant, and the tile scan
// inside the single-pass `decoupled-lookback` scan.
#pragma once

#include "core/hd.h"
#include "core/shared_memory.h"

namespace scanscope::kernels {

// Kogge-Stone inside one warp: after the step with distance d, lane i holds the sum of lanes
// i - 2d + 1 .. i. Five steps for 32 lanes, no shared memory, no barrier.
template <class Op, class Block, class T>
SS_HD T warp_inclusive_scan(Block& b, T value) {
    const Op op;
    for (int d = 1; d < 32; d *= 2) {
        const T up = b.shfl_up(value, d);
        if (b.lane() >= d) value = op(up, value);
    }
    return value;
}

template <class T>
struct BlockScanResult {
    T exclusive;  // everything before this thread's value
    T inclusive;  // ... and the value itself
    T aggregate;  // the whole block
};

// Scans one value per thread across the block. `warp_totals` holds 32 elements. The two barriers
// begin steps labelled `scan_totals_line` and `add_totals_line`.
template <class Op, class Block, class T, class Totals>
SS_HD BlockScanResult<T> block_scan(Block& b, T value, const Totals& warp_totals,
                                    std::uint16_t scan_totals_line, std::uint16_t add_totals_line) {
    const Op op;
    const int lane = b.lane();
    const int warp = b.warp();

    // 1. Each warp scans its own values.
    const T in_warp = warp_inclusive_scan<Op>(b, value);
    const T before_in_warp = b.shfl_up(in_warp, 1);  // lane 0 gets its own: unused

    // 2. Each warp's last lane publishes the warp's total.
    if (lane == 31) warp_totals[warp] = in_warp;
    b.sync(scan_totals_line);

    // 3. Warp 0 scans the totals: warp_totals[w] becomes the total of warps 0 .. w.
    if (warp == 0) {
        T total = Op::identity();
        if (lane < b.warps()) total = warp_totals[lane];
        const T scanned = warp_inclusive_scan<Op>(b, total);
        if (lane < b.warps()) warp_totals[lane] = scanned;
    }
    b.sync(add_totals_line);

    // 4. Each warp adds the totals of the warps before it.
    T prefix = Op::identity();
    if (warp > 0) prefix = warp_totals[warp - 1];
    const T aggregate = warp_totals[b.warps() - 1];
    const T exclusive = lane == 0 ? prefix : op(prefix, before_in_warp);
    return {exclusive, op(prefix, in_warp), aggregate};
}

struct WarpShuffleLine {
    enum : std::uint16_t { WarpScan = 20, ScanTotals = 21, AddTotals = 22 };
};

// One element per thread, up to 1024 (32 warps of 32).
template <class T, class Op>
struct WarpShuffleScan {
    const T* in;
    T* out;
    int n;
    bool inclusive;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = WarpShuffleLine;
        const int k = b.thread();
        auto warp_totals = shared_memory<T>(b, 32);
        b.at(Line::WarpScan);
        const T x = k < n ? in[k] : Op::identity();
        const BlockScanResult<T> s =
            block_scan<Op>(b, x, warp_totals, Line::ScanTotals, Line::AddTotals);
        if (k < n) out[k] = inclusive ? s.inclusive : s.exclusive;
    }
};

}  // namespace scanscope::kernels
