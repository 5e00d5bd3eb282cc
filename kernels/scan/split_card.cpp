// The card of radix sort's split on one bit, in one block (kernels/scan/split.h).
#include <string>
#include <utility>

#include "scan/split.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kSplitLines = {
    {SplitLine::Flag, "e[ai] := 1 if bit 0 of input[ai] is 0, else 0"},
    {SplitLine::Flag, "e[bi] := 1 if bit 0 of input[bi] is 0, else 0"},
    {0, "f := exclusive sum of e, in place (Blelloch):"},
    {BlellochLine::UpSweep, "  up-sweep, d := n/2 down to 1:  e[bi] := e[ai] + e[bi]"},
    {BlellochLine::ClearRoot, "  totalFalses := e[n-1];  e[n-1] := 0"},
    {BlellochLine::DownSweep, "  down-sweep, d := 1 up to n/2:  swap and add"},
    {SplitLine::Scatter, "d := f[i] if bit 0 of input[i] is 0"},
    {SplitLine::Scatter, "     else i - f[i] + totalFalses        (i = ai, bi)"},
    {SplitLine::Scatter, "sorted[d] := input[i]"},
    {SplitLine::Store, "output[ai] := sorted[ai];  output[bi] := sorted[bi]"},
};

std::vector<StepLabel> split_labels() {
    std::vector<StepLabel> labels = {
        {SplitLine::Flag,
         "flag",
         {"bit"},
         "Each thread flags its two keys: e = 1 where the key's bit 0 is 0 (it goes to the front "
         "pile), else 0."},
        {SplitLine::Scatter,
         "scatter",
         {"bit"},
         "A key with bit 0 goes to its scanned flag f; a key with bit 1 to i - f + totalFalses, "
         "after all the 0-keys."},
        {SplitLine::Store, "store", {}, "Each thread copies two keys of the new order out."},
    };
    for (StepLabel& l : blelloch_sweep_labels(
             "The last flag holds the total, totalFalses: how many keys have bit 0 clear; it is "
             "noted, and replaced by 0."))
        labels.push_back(std::move(l));
    return labels;
}

}  // namespace

VariantInfo split_card() {
    VariantInfo split{
        VariantId::Split,
        "split",
        "Radix sort's split on bit 0",
        Algorithm::Split,
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\", GPU Gems 3, "
        "ch. 39, 39.3.3 (radix sort); the scan of the flags is Blelloch's",
        "A radix sort orders keys one bit at a time, from the lowest, with a stable split: the "
        "keys whose bit is 0 first, then those whose bit is 1, each pile in its order. Where "
        "does each key go? Flag the 0-keys (e = not b) and scan the flags: a 0-key goes to its "
        "scanned flag f, the number of 0-keys before it; a 1-key goes after all the 0-keys "
        "(totalFalses of them) and after the 1-keys before it, i - f of them. The keys are "
        "scattered into shared memory, then copied out in order.",
        kSplitLines,
        split_labels(),
        {"e", "sorted"}};
    split.max_n = 2048;
    split.tree_view = true;
    return split;
}

}  // namespace scanscope
