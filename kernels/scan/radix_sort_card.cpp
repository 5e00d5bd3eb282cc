// The card of radix sort by splits, a pass a bit, in one block (kernels/scan/split.h).
#include <string>
#include <utility>

#include "scan/split.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kRadixSortLines = {
    {0, "for bit := 0 up to bits - 1:   (keys: the input, then sorted)"},
    {SplitLine::Flag, "  e[ai] := 1 if bit `bit` of key[ai] is 0, else 0;  the same for bi"},
    {0, "  f := exclusive sum of e, in place (Blelloch):"},
    {BlellochLine::UpSweep, "    up-sweep, d := n/2 down to 1:  e[bi] := e[ai] + e[bi]"},
    {BlellochLine::ClearRoot, "    totalFalses[bit] := e[n-1];  e[n-1] := 0"},
    {BlellochLine::DownSweep, "    down-sweep, d := 1 up to n/2:  swap and add"},
    {SplitLine::Scatter, "  d := f[i] if bit `bit` of key[i] is 0"},
    {SplitLine::Scatter, "       else i - f[i] + totalFalses[bit]      (i = ai, bi)"},
    {SplitLine::Scatter, "  sorted[d] := key[i]"},
    {SplitLine::Store, "output[ai] := sorted[ai];  output[bi] := sorted[bi]"},
};

std::vector<StepLabel> radix_sort_labels() {
    std::vector<StepLabel> labels = {
        {SplitLine::Flag,
         "flag",
         {"bit"},
         "A new pass: each thread takes its two keys (the input first, then the order the last "
         "pass left in sorted) and flags them: e = 1 where this pass's bit is 0."},
        {SplitLine::Scatter,
         "scatter",
         {"bit"},
         "A key whose bit is 0 goes to its scanned flag f; one whose bit is 1 to "
         "i - f + totalFalses, after all the 0-keys. The split is stable: keys alike in this bit "
         "keep the order the passes before gave them."},
        {SplitLine::Store, "store", {}, "The keys, ordered by every bit, copied out."},
    };
    for (StepLabel& l : blelloch_sweep_labels(
             "The last flag holds the total, totalFalses: how many keys have this pass's bit "
             "clear; it is noted, and replaced by 0."))
        labels.push_back(std::move(l));
    return labels;
}

}  // namespace

VariantInfo radix_sort_card() {
    VariantInfo sort{
        VariantId::RadixSort,
        "radix-sort",
        "Radix sort, a split per bit",
        Algorithm::Split,
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\", GPU Gems 3, "
        "ch. 39, 39.3.3 (radix sort); the scan of the flags is Blelloch's",
        "A least-significant-digit radix sort with one-bit digits: a split on bit 0, then on bit "
        "1, and so on up to the highest bit in which the keys differ. Each split puts the keys "
        "whose bit is 0 before those whose bit is 1 and is stable: keys alike in the bit keep "
        "their order. So after the pass on bit k the keys are ordered by bits 0 to k, and after "
        "the last pass, by all of them. Each pass is a scan of the flags (where each 0-key and "
        "each 1-key goes) and a scatter, in shared memory; the keys stay there between passes. "
        "Signed keys and floats are ordered by their bits with the sign turned over.",
        kRadixSortLines,
        radix_sort_labels(),
        {"e", "sorted"}};
    sort.max_n = 1024;
    sort.tree_view = true;
    return sort;
}

}  // namespace scanscope
