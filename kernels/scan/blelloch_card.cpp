// The cards of Blelloch's scan, plain and padded (kernels/scan/blelloch.h).
#include <string>

#include "scan/blelloch.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kBlellochLines = {
    {BlellochLine::Load, "temp[ai] := input[ai]"},
    {BlellochLine::Load, "temp[bi] := input[bi]"},
    {0, "offset := 1"},
    {0, "for d := n/2 down to 1 (halving) do"},
    {BlellochLine::UpSweep, "  forall thid < d in parallel do"},
    {BlellochLine::UpSweep, "    ai := offset*(2*thid+1) - 1"},
    {BlellochLine::UpSweep, "    bi := offset*(2*thid+2) - 1"},
    {BlellochLine::UpSweep, "    temp[bi] := temp[ai] + temp[bi]"},
    {0, "  offset := offset * 2"},
    {BlellochLine::ClearRoot, "temp[n-1] := 0        // clear the root"},
    {0, "for d := 1 up to n/2 (doubling) do"},
    {BlellochLine::DownSweep, "  offset := offset / 2"},
    {BlellochLine::DownSweep, "  forall thid < d in parallel do"},
    {BlellochLine::DownSweep, "    ai := offset*(2*thid+1) - 1"},
    {BlellochLine::DownSweep, "    bi := offset*(2*thid+2) - 1"},
    {BlellochLine::DownSweep, "    t := temp[ai]"},
    {BlellochLine::DownSweep, "    temp[ai] := temp[bi]"},
    {BlellochLine::DownSweep, "    temp[bi] := temp[bi] + t"},
    {BlellochLine::Store, "output[ai] := temp[ai]", kExclusive},
    {BlellochLine::Store, "output[bi] := temp[bi]", kExclusive},
    {BlellochLine::Store, "output[ai] := temp[ai] + input[ai]", kInclusive},
    {BlellochLine::Store, "output[bi] := temp[bi] + input[bi]", kInclusive},
};

}  // namespace

const std::vector<ListingLine>& blelloch_padded_lines() {
    static const std::vector<ListingLine> all = {
        {BlellochLine::Load, "ai := thid;  bi := thid + n/2"},
        {BlellochLine::Load, "temp[ai + CFO(ai)] := input[ai]"},
        {BlellochLine::Load, "temp[bi + CFO(bi)] := input[bi]"},
        {0, "  CFO(i) = i/BANKS + i/BANKS^2"},
        {0, "offset := 1"},
        {0, "for d := n/2 down to 1 (halving) do"},
        {BlellochLine::UpSweep, "  forall thid < d in parallel do"},
        {BlellochLine::UpSweep, "    ai := offset*(2*thid+1) - 1"},
        {BlellochLine::UpSweep, "    bi := offset*(2*thid+2) - 1"},
        {BlellochLine::UpSweep, "    ai += CFO(ai);  bi += CFO(bi)"},
        {BlellochLine::UpSweep, "    temp[bi] := temp[ai] + temp[bi]"},
        {0, "  offset := offset * 2"},
        {BlellochLine::ClearRoot, "temp[n-1 + CFO(n-1)] := 0"},
        {0, "for d := 1 up to n/2 (doubling) do"},
        {BlellochLine::DownSweep, "  offset := offset / 2"},
        {BlellochLine::DownSweep, "  forall thid < d in parallel do"},
        {BlellochLine::DownSweep, "    ai, bi as above, padded"},
        {BlellochLine::DownSweep, "    t := temp[ai]"},
        {BlellochLine::DownSweep, "    temp[ai] := temp[bi]"},
        {BlellochLine::DownSweep, "    temp[bi] := temp[bi] + t"},
        {BlellochLine::Store, "output[ai] := temp[ai + CFO(ai)]", kExclusive},
        {BlellochLine::Store, "output[bi] := temp[bi + CFO(bi)]", kExclusive},
        {BlellochLine::Store, "output[ai] := temp[ai + CFO(ai)] + input[ai]", kInclusive},
        {BlellochLine::Store, "output[bi] := temp[bi + CFO(bi)] + input[bi]", kInclusive},
    };
    return all;
}

const std::vector<StepLabel>& blelloch_labels() {
    static const std::vector<StepLabel> all = {
        {BlellochLine::Load, "load", {}, "Each thread loads two elements into shared memory."},
        {BlellochLine::UpSweep,
         "up-sweep",
         {"d", "offset"},
         "The threads below d = {d} each add a left subtree's sum into its right sibling, "
         "offset = {offset} further on."},
        {BlellochLine::ClearRoot,
         "clear root",
         {},
         "The last element holds the total; it is replaced by the identity."},
        {BlellochLine::DownSweep,
         "down-sweep",
         {"d", "offset"},
         "The threads below d = {d} each give the left child their prefix and the right child "
         "prefix + left subtree; the two children are offset = {offset} apart."},
        {BlellochLine::Store, "store", {}, "Each thread writes its two results."},
    };
    return all;
}

std::vector<StepLabel> blelloch_sweep_labels(const char* clear_root_narration) {
    std::vector<StepLabel> labels;
    for (const StepLabel& l : blelloch_labels())
        if (l.id == BlellochLine::UpSweep || l.id == BlellochLine::DownSweep) labels.push_back(l);
    labels.push_back({BlellochLine::ClearRoot, "clear root", {}, clear_root_narration});
    return labels;
}

VariantInfo blelloch_card() {
    const std::string harris = kHarris;
    VariantInfo blelloch{
        VariantId::Blelloch,
        "blelloch",
        "Blelloch, work-efficient",
        Algorithm::Scan,
        harris + ", Algorithms 3 and 4, Listing 2, Figures 2 and 3",
        "Blelloch's scan does O(n) work. An up-sweep builds partial sums up a balanced binary "
        "tree in place (afterwards the last element holds the total), the root is replaced by "
        "the identity, and a down-sweep walks back down, each node giving its left child its own "
        "prefix and its right child that prefix plus the left subtree. The result is an "
        "exclusive scan (adding each input back gives the inclusive one): 2(n - 1) additions and "
        "n - 1 swaps, two elements per thread. But watch the banks: as the distance between the "
        "two elements a thread touches doubles, so does the number of a warp's lanes that land "
        "in one bank, up to 32-way conflicts in the middle levels.",
        kBlellochLines,
        blelloch_labels(),
        {"temp"}};
    blelloch.max_n = 2048;
    blelloch.partner = "blelloch-padded";
    blelloch.tree_view = true;
    return blelloch;
}

VariantInfo blelloch_padded_card() {
    const std::string harris = kHarris;
    VariantInfo padded{
        VariantId::BlellochPadded,
        "blelloch-padded",
        "Blelloch, padded against bank conflicts",
        Algorithm::Scan,
        harris + ", \"Avoiding Bank Conflicts\", Listing 3, Figure 4",
        "The same scan with Harris's padding: index i is stored at i + i/NUM_BANKS + "
        "i/NUM_BANKS^2, so that addresses a power of two apart land in different banks. The loads "
        "change too: each thread takes one element from each half of the array instead of two "
        "neighbours. Harris wrote it for the G80's 16 banks; GPUs since Fermi have 32. Pick either "
        "and compare. The paper's ZERO_BANK_CONFLICTS macro, ((n) >> NUM_BANKS + (n) >> (2 * "
        "LOG_NUM_BANKS)), parses as n >> (NUM_BANKS + n) >> (2 * LOG_NUM_BANKS), because + binds "
        "tighter than >>, and it shifts by NUM_BANKS where LOG_NUM_BANKS was meant; ScanScope uses "
        "what was meant, (n >> LOG_NUM_BANKS) + (n >> (2 * LOG_NUM_BANKS)). Listing 3's block A "
        "also "
        "computes bankOffsetB from ai instead of bi.",
        blelloch_padded_lines(),
        blelloch_labels(),
        {"temp (padded)"}};
    padded.max_n = 2048;
    padded.partner = "blelloch";
    padded.pads_for_banks = true;
    padded.tree_view = true;
    return padded;
}

}  // namespace scanscope
