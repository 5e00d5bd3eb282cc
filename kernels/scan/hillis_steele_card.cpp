// The cards of Hillis-Steele's scans (kernels/scan/hillis_steele.h): listings, labels, lessons.
#include <string>

#include "scan/hillis_steele.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kHillisSteeleListing = {
    {HillisSteeleLine::Load, "x[out][k] := input[k]", kInclusive},
    {HillisSteeleLine::Load, "x[out][k] := k > 0 ? input[k-1] : identity", kExclusive},
    {0, "for offset := 1, 2, 4, ... < n do"},
    {0, "    swap(in, out)"},
    {HillisSteeleLine::Add, "    forall k in parallel do"},
    {HillisSteeleLine::Add, "      if k >= offset then"},
    {HillisSteeleLine::Add, "        x[out][k] := x[in][k - offset]"},
    {HillisSteeleLine::Add, "                     + x[in][k]"},
    {HillisSteeleLine::Add, "      else x[out][k] := x[in][k]"},
    {0, "    barrier"},
    {HillisSteeleLine::Store, "output[k] := x[out][k]"},
};

const std::vector<ListingLine> kHillisSteeleInPlaceListing = {
    {HillisSteeleLine::Load, "x[k] := input[k]", kInclusive},
    {HillisSteeleLine::Load, "x[k] := k > 0 ? input[k-1] : identity", kExclusive},
    {0, "for offset := 1, 2, 4, ... < n do"},
    {HillisSteeleLine::Add, "    forall k in parallel do"},
    {HillisSteeleLine::Add, "      if k >= offset then"},
    {HillisSteeleLine::Add, "        x[k] := x[k - offset] + x[k]"},
    {HillisSteeleLine::Add, "        // races with thread k - offset"},
    {0, "    barrier"},
    {HillisSteeleLine::Store, "output[k] := x[k]"},
};

const std::vector<StepLabel> kHillisSteeleLabels = {
    {HillisSteeleLine::Load,
     "load",
     {},
     "Each thread loads one element into buffer 0 (an exclusive scan shifts them right by one)."},
    {HillisSteeleLine::Add,
     "add",
     {"offset", "in", "out"},
     "Each thread k >= {offset} adds the element {offset} places to its left: read buffer {in}, "
     "write buffer {out}."},
    {HillisSteeleLine::Store,
     "store",
     {},
     "Each thread writes its element of the last buffer written."},
};

const std::vector<StepLabel> kHillisSteeleInPlaceLabels = {
    {HillisSteeleLine::Load,
     "load",
     {},
     "Each thread loads one element (an exclusive scan shifts them right by one)."},
    {HillisSteeleLine::Add,
     "add in place",
     {"offset"},
     "Each thread k >= {offset} adds x[k - {offset}] into x[k], in place: a neighbour may have "
     "changed it already."},
    {HillisSteeleLine::Store, "store", {}, "Each thread writes its element."},
};

}  // namespace

VariantInfo hillis_steele_card() {
    const std::string harris = kHarris;
    VariantInfo hs{
        VariantId::HillisSteele,
        "hillis-steele",
        "Hillis-Steele, double-buffered",
        Algorithm::Scan,
        harris + ", Algorithm 2 and Listing 1; Kirk and Hwu, ECE408 lecture 5 (ping-pong T0/T1)",
        "Hillis and Steele's scan takes log2 n steps: in the step with distance d, every element "
        "adds "
        "the one d places to its left, so afterwards each holds the sum of everything up to it. It "
        "is "
        "step-efficient but not work-efficient: about n log2 n additions, against n for a plain "
        "loop. "
        "The threads cannot work in place, because one would read a neighbour that another has "
        "already overwritten in the same step; so the kernel keeps two buffers and swaps their "
        "roles "
        "each step. Harris's Listing 1 writes temp[pout*n+thid] += temp[pin*n+thid-offset], which "
        "adds to the output buffer's stale contents, and ends with a typo (thid1); the intended "
        "line, "
        "used here, reads both operands from the input buffer.",
        kHillisSteeleListing,
        kHillisSteeleLabels,
        {"x (two buffers)"}};
    hs.max_n = 1024;
    hs.partner = "blelloch";
    hs.pingpong_view = true;
    return hs;
}

VariantInfo hillis_steele_inplace_card() {
    const std::string harris = kHarris;
    VariantInfo inplace{
        VariantId::HillisSteeleInPlace,
        "hillis-steele-inplace",
        "Hillis-Steele, in place (a race)",
        Algorithm::Scan,
        harris + ", Algorithm 1 and the paragraph after it",
        "The same scan without the second buffer: a deliberate race. Within a warp the lanes "
        "read before they write, so the warp's own part comes out right; across warps nothing "
        "orders thread k's read of x[k - d] against thread k - d's write of it in the same step. "
        "The emulation runs the warps of a step one after another and reports every such pair "
        "of accesses as a hazard, as compute-sanitizer's racecheck does; a run on a GPU shows "
        "what that GPU happened to do.",
        kHillisSteeleInPlaceListing,
        kHillisSteeleInPlaceLabels,
        {"x"}};
    inplace.max_n = 1024;
    inplace.deterministic = false;
    inplace.expects_hazards = true;
    inplace.pingpong_view = true;
    return inplace;
}

}  // namespace scanscope
