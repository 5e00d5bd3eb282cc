// The card of stream compaction in one block (kernels/scan/compact.h).
#include <string>
#include <utility>

#include "scan/compact.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kCompactLines = {
    {CompactLine::Flag, "f[ai] := 1 if keep(input[ai]), else 0"},
    {CompactLine::Flag, "f[bi] := 1 if keep(input[bi]), else 0"},
    {CompactLine::Flag, "   keep(x): x != 0, or the rule asked for"},
    {CompactLine::Flag, "   (even; x > N): config.keep"},
    {0, "exclusive sum of f, in place (Blelloch):"},
    {BlellochLine::UpSweep, "  up-sweep, d := n/2 down to 1:  f[bi] := f[ai] + f[bi]"},
    {BlellochLine::ClearRoot, "  kept := f[n-1];  f[n-1] := 0"},
    {BlellochLine::DownSweep, "  down-sweep, d := 1 up to n/2:  t := f[ai]; f[ai] := f[bi];"},
    {BlellochLine::DownSweep, "                                 f[bi] := f[bi] + t"},
    {CompactLine::Scatter, "if keep(input[ai]): output[f[ai]] := input[ai]"},
    {CompactLine::Scatter, "if keep(input[bi]): output[f[bi]] := input[bi]"},
};

std::vector<StepLabel> compact_labels() {
    std::vector<StepLabel> labels = {
        {CompactLine::Flag,
         "flag",
         {},
         "Each thread flags its two elements: 1 where the rule keeps the element (not 0, unless "
         "the capture asked for another rule: the Scatter view names it), else 0."},
        {CompactLine::Scatter,
         "scatter",
         {},
         "Each kept element goes to the output at its scanned flag: the number of kept elements "
         "before it."},
    };
    for (StepLabel& l : blelloch_sweep_labels(
             "The last flag holds the total, the number kept; it is noted, and replaced by 0."))
        labels.push_back(std::move(l));
    return labels;
}

}  // namespace

VariantInfo compact_card() {
    VariantInfo compact{
        VariantId::Compact,
        "compact",
        "Stream compaction (by a rule)",
        Algorithm::Compact,
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\", GPU Gems 3, "
        "ch. 39, 39.3.1 (stream compaction); the scan of the flags is Blelloch's",
        "Stream compaction keeps the elements a test accepts, in their order, and packs them at "
        "the front of the output; here the test is 'not 0' unless the capture picks another (even, "
        "or "
        "above a threshold: --keep, a lesson's keep). Where does a kept element go? To the "
        "number of kept elements before it: an exclusive scan of 1-or-0 flags says it for every "
        "element at once. Each thread flags its two elements, Blelloch's sweeps scan the flags in "
        "place (the root's total, before it is cleared, is how many are kept), and each thread "
        "writes its kept elements to the places their scanned flags name: a scatter, each write "
        "to its own word.",
        kCompactLines,
        compact_labels(),
        {"flags"}};
    compact.max_n = 2048;
    compact.tree_view = true;
    return compact;
}

}  // namespace scanscope
