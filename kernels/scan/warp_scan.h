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
struct WarpTotalsScan {
    T before_warp;  // the totals of the warps before this one
    T aggregate;    // the whole block
};

// Combines the warps' totals across the block; lane 31 of each warp holds its warp's total.
// `warp_totals` holds 32 elements. The two barriers begin steps labelled `scan_totals_line` and
// `add_totals_line` (showing `add_totals_vars`).
template <class Op, class Block, class T, class Totals, class... Vars>
SS_HD WarpTotalsScan<T> scan_warp_totals(Block& b, T warp_total, const Totals& warp_totals,
                                         std::uint16_t scan_totals_line,
                                         std::uint16_t add_totals_line, Vars... add_totals_vars) {
    const int lane = b.lane();
    const int warp = b.warp();

    // Each warp's last lane publishes the warp's total.
    if (lane == 31) warp_totals[warp] = warp_total;
    b.sync(scan_totals_line);

    // Warp 0 scans the totals: warp_totals[w] becomes the total of warps 0 .. w.
    if (warp == 0) {
        T total = Op::identity();
        if (lane < b.warps()) total = warp_totals[lane];
        const T scanned = warp_inclusive_scan<Op>(b, total);
        if (lane < b.warps()) warp_totals[lane] = scanned;
    }
    b.sync(add_totals_line, add_totals_vars...);

    // Each warp reads the totals of the warps before it.
    T before = Op::identity();
    if (warp > 0) before = warp_totals[warp - 1];
    const T aggregate = warp_totals[b.warps() - 1];
    return {before, aggregate};
}

// The same without a second barrier: every warp scans the warps' totals itself (lane w reads
// warp w's total from warp_totals[first + w]), so no warp waits for warp 0 to do it for all.
template <class Op, class T, class Block, class Totals>
SS_HD WarpTotalsScan<T> every_warp_scans_totals(Block& b, const Totals& warp_totals, int first) {
    const T total = b.lane() < b.warps() ? T(warp_totals[first + b.lane()]) : Op::identity();
    const T scanned = warp_inclusive_scan<Op>(b, total);
    const T before_warp_or_last = b.shfl(scanned, b.warp() - 1);  // warp 0 gets the last: unused
    const T before_warp = b.warp() > 0 ? before_warp_or_last : Op::identity();
    return {before_warp, b.shfl(scanned, b.warps() - 1)};
}

template <class T>
struct BlockScanResult {
    T exclusive;  // everything before this thread's value
    T inclusive;  // ... and the value itself
    T aggregate;  // the whole block
};

// Scans one value per thread across the block: each warp scans its own values, then the warps'
// totals are combined (see scan_warp_totals for the barriers and lines).
template <class Op, class Block, class T, class Totals>
SS_HD BlockScanResult<T> block_scan(Block& b, T value, const Totals& warp_totals,
                                    std::uint16_t scan_totals_line, std::uint16_t add_totals_line) {
    const Op op;
    const T in_warp = warp_inclusive_scan<Op>(b, value);
    const T before_in_warp = b.shfl_up(in_warp, 1);  // lane 0 gets its own: unused
    const WarpTotalsScan<T> warps =
        scan_warp_totals<Op>(b, in_warp, warp_totals, scan_totals_line, add_totals_line);
    const T exclusive = b.lane() == 0 ? warps.before_warp : op(warps.before_warp, before_in_warp);
    return {exclusive, op(warps.before_warp, in_warp), warps.aggregate};
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
