// The cards of the multi-block scans that reuse block scans and reductions
// (kernels/variants/drivers.h, kernels/scan/add_block_prefixes.h).
#include <string>

#include "reduce/interleaved.h"
#include "scan/add_block_prefixes.h"
#include "scan/blelloch.h"
#include "scan/block_scans_policy.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

std::vector<ListingLine> scan_then_propagate_listing() {
    std::vector<ListingLine> l = {
        {0, "// 1. scan each block of 2*threads elements (Blelloch, padded), keeping its total"},
    };
    l.insert(l.end(), blelloch_padded_lines().begin(), blelloch_padded_lines().end());
    l.push_back({BlellochLine::ClearRoot, "sums[block] := temp[n-1]   (before clearing the root)"});
    l.push_back({0, "// 2. scan the block sums: the same, recursively"});
    l.push_back({AddBlockPrefixesLine::Add,
                 "// 3. forall elements i of block b: output[i] := increments[b] + output[i]"});
    return l;
}

std::vector<ListingLine> reduce_then_scan_listing() {
    std::vector<ListingLine> l = {
        {0, "// 1. reduce each tile to its total"},
        {ReduceLine::Load, "s[t] := input[i] + input[i + threads]"},
        {ReduceLine::Reduce, "for stride := threads/2 down to 1:"},
        {ReduceLine::Reduce, "  if t < stride: s[t] += s[t + stride]"},
        {ReduceLine::Store, "totals[tile] := s[0]"},
        {0, "// 2. scan the totals, recursively"},
        {0, "// 3. scan each tile again (Blelloch,"},
        {0, "//    padded) from prefixes[tile]"},
    };
    l.insert(l.end(), blelloch_padded_lines().begin(), blelloch_padded_lines().end());
    return l;
}

const std::vector<StepLabel> kAddPrefixLabels = {
    {AddBlockPrefixesLine::Add,
     "add block sums",
     {},
     "Every element is combined with the total of the blocks before its block."},
};

}  // namespace

VariantInfo scan_then_propagate_card() {
    const std::string harris = kHarris;
    VariantInfo stp{
        VariantId::ScanThenPropagate,
        "scan-then-propagate",
        "Scan, then propagate block sums",
        Algorithm::Scan,
        harris + ", \"Arrays of Arbitrary Size\", Figure 5",
        "One block scans a couple of thousand elements at most. For any n, Harris splits the array "
        "into blocks, scans each block (Blelloch, padded) and writes its total to an array of "
        "block sums, scans the block sums (the same way, recursively when there are many), and "
        "adds to each block the total of the blocks before it. Elements past the end are padded "
        "with the identity, so n need not be a power of two. Device memory sees the data four "
        "times: read and written by the block scans, read and written again by the uniform add, "
        "16 bytes per int32 element where a copy moves 8. Measured on an H100 at 2^28 elements: "
        "2.98 ms, 4.2 times a copy of the same data (0.72 ms) and 3.4 times CUB; its small "
        "Blelloch tiles make it slower still than its bytes say (bench/results).",
        scan_then_propagate_listing(),
        join({blelloch_labels(), kAddPrefixLabels}),
        {"temp (padded)"}};
    stp.multi_block = true;
    stp.tree_view = true;
    stp.tile = tile_of<kernels::BlockScansPolicy>;
    stp.partner = "reduce-then-scan";
    stp.timed_by_default = true;
    return stp;
}

VariantInfo reduce_then_scan_card() {
    const std::string harris = kHarris;
    VariantInfo rts{
        VariantId::ReduceThenScan,
        "reduce-then-scan",
        "Reduce, then scan (three phases)",
        Algorithm::Scan,
        "Merrill and Garland (2016), section 3; " + harris,
        "Three phases over tiles: reduce each tile to its total, scan the totals, then scan each "
        "tile again starting from the total of the tiles before it. The input is read twice and "
        "the output written once: three moves of the data (12 bytes per int32 element), against "
        "scan-then-propagate's four (16) and a copy's two (8). Measured on an H100 at 2^28 "
        "elements: 2.87 ms, 4.0 times the copy (0.72 ms), a little faster than "
        "scan-then-propagate (2.98 ms) and 3.3 times CUB.",
        reduce_then_scan_listing(),
        join({reduce_labels(), blelloch_labels()}),
        {"s / temp"}};
    rts.multi_block = true;
    rts.tree_view = true;
    rts.tile = tile_of<kernels::BlockScansPolicy>;
    rts.partner = "scan-then-propagate";
    rts.timed_by_default = true;
    return rts;
}

}  // namespace scanscope
