// The card of the warp-shuffle scan (kernels/scan/warp_scan.h).
#include <string>

#include "scan/warp_scan.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kWarpShuffleListing = {
    {WarpShuffleLine::WarpScan, "x := input[k]"},
    {WarpShuffleLine::WarpScan, "for d := 1, 2, 4, 8, 16 do   // registers"},
    {WarpShuffleLine::WarpScan, "  up := shfl_up(x, d)"},
    {WarpShuffleLine::WarpScan, "  if lane >= d then x := up + x"},
    {WarpShuffleLine::WarpScan, "if lane = 31 then totals[warp] := x"},
    {0, "barrier"},
    {WarpShuffleLine::ScanTotals, "warp 0: scan totals[] with shuffles"},
    {0, "barrier"},
    {WarpShuffleLine::AddTotals, "output[k] := totals[warp-1] + x", kInclusive},
    {WarpShuffleLine::AddTotals, "output[k] := totals[warp-1] + (x without input[k])", kExclusive},
};

const std::vector<StepLabel> kWarpShuffleLabels = {
    {WarpShuffleLine::WarpScan,
     "warp scan",
     {},
     "Each warp scans its 32 values in registers with five shuffles; its last lane writes the "
     "warp's total."},
    {WarpShuffleLine::ScanTotals, "scan totals", {}, "Warp 0 scans the warp totals with shuffles."},
    {WarpShuffleLine::AddTotals,
     "add totals",
     {},
     "Each thread adds the totals of the warps before its own."},
};

}  // namespace

VariantInfo warp_shuffle_card() {
    VariantInfo shuffle{
        VariantId::WarpShuffle,
        "warp-shuffle",
        "Warp shuffles (Kogge-Stone)",
        Algorithm::Scan,
        "NVIDIA CUDA Programming Guide, warp shuffle functions; Kogge and Stone (1973)",
        "The lanes of a warp can read each other's registers (__shfl_up_sync), so a warp scans "
        "its 32 values in five steps with no shared memory and no barrier (Kogge-Stone). The "
        "block needs shared memory only for one total per warp: each warp's last lane writes "
        "the warp's total, warp 0 scans the totals, and every thread adds the totals of the "
        "warps before its own.",
        kWarpShuffleListing,
        kWarpShuffleLabels,
        {"warp totals"}};
    shuffle.max_n = 1024;
    shuffle.whole_warps = true;
    return shuffle;
}

}  // namespace scanscope
