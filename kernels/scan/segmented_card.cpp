// The card of the segmented scan in one block (kernels/scan/segmented.h).
#include <string>

#include "scan/segmented.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kSegmentedLines = {
    {SegmentedLine::Load, "x[i] := input[i];  f[i] := h[i] := head[i]   (i = ai, bi)"},
    {SegmentedLine::UpSweep, "up-sweep, d := n/2 down to 1 (right = bi, left = ai):"},
    {SegmentedLine::UpSweep, "  if not f[right]: x[right] := x[left] + x[right]"},
    {SegmentedLine::UpSweep, "  f[right] := f[left] or f[right]"},
    {SegmentedLine::ClearRoot, "x[n-1] := 0"},
    {SegmentedLine::DownSweep, "down-sweep, d := 1 up to n/2:"},
    {SegmentedLine::DownSweep, "  t := x[left];  x[left] := x[right]"},
    {SegmentedLine::DownSweep, "  if h[left+1]:  x[right] := 0        (a head: stop)"},
    {SegmentedLine::DownSweep, "  elif f[left]:  x[right] := t        (carry stops)"},
    {SegmentedLine::DownSweep, "  else:          x[right] := x[right] + t"},
    {SegmentedLine::DownSweep, "  f[left] := 0"},
    {SegmentedLine::Store, "output[i] := x[i]", kExclusive},
    {SegmentedLine::Store, "output[i] := x[i] + input[i]", kInclusive},
};

const std::vector<StepLabel> kSegmentedLabels = {
    {SegmentedLine::Load,
     "load",
     {},
     "Each thread loads two values and their head flags (1 where a segment starts) into shared "
     "memory: x, f (flags the sweeps change) and h (the heads as given)."},
    {SegmentedLine::UpSweep,
     "up-sweep",
     {"d", "offset"},
     "The threads below d = {d} each add a left subtree's sum into its right sibling, offset = "
     "{offset} further on, unless a segment starts within the right one; the flags are ORed up."},
    {SegmentedLine::ClearRoot, "clear root", {}, "The root is replaced by the identity."},
    {SegmentedLine::DownSweep,
     "down-sweep",
     {"d", "offset"},
     "The threads below d = {d} pass prefixes down, children offset = {offset} apart: a right "
     "child that starts a segment gets the identity, one after a head in the left child gets the "
     "left child's sum alone."},
    {SegmentedLine::Store, "store", {}, "Each thread writes its two results."},
};

}  // namespace

VariantInfo segmented_card() {
    VariantInfo card{
        VariantId::Segmented,
        "segmented-scan",
        "Segmented scan (head flags)",
        Algorithm::SegmentedScan,
        "Sengupta, Harris, Zhang and Owens, \"Scan Primitives for GPU Computing\" (2007); "
        "Blelloch, \"Prefix Sums and Their Applications\" (1990)",
        "A segmented scan scans many arrays at once, laid end to end: a head flag of 1 marks where "
        "each starts, and no sum crosses a head. It is the form the rest of the parallel "
        "algorithms build on (a quicksort's partitions, the rows of a sparse matrix). This is "
        "Blelloch's scan with the flags carried along. The up-sweep adds a left subtree into its "
        "right sibling only where no segment starts in between, and ORs the flags up the tree, "
        "so that a node's flag says a segment starts within it. The down-sweep passes prefixes "
        "down as Blelloch's does, but a child that starts a segment gets the identity, and the "
        "carry from the left stops at a head. The same O(n) work, two elements per thread, three "
        "arrays in shared memory: the values, the flags as the sweeps change them, and the heads "
        "as given.",
        kSegmentedLines,
        kSegmentedLabels,
        {"x", "f", "h"}};
    card.max_n = 2048;
    card.tree_view = true;
    return card;
}

}  // namespace scanscope
