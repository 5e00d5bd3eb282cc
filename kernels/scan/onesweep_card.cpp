// The card of radix sort by Onesweep: a pass a digit of 8 bits, each pass one sweep with a
// look-back for each digit (kernels/scan/onesweep.h).
#include <string>

#include "scan/lookback_policies.h"
#include "scan/onesweep.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kOnesweepListing = {
    {OnesweepLine::ClearBins, "bins[p][d] := 0 for each pass p, digit d"},
    {OnesweepLine::Histogram, "for each key: atomicAdd(bins[p][digit p of key], 1)"},
    {OnesweepLine::AddHistograms, "counts[p][d] += bins[p][d]   (atomicAdd, global)"},
    {OnesweepLine::ScanCounts, "start[p][d] := exclusive sum of counts[p] (one block a pass)"},
    {0, "for each pass p (digit p: bits 8p .. 8p + 7):"},
    {OnesweepLine::TakeTile, "  tile := atomicAdd(tile_counter, 1); warp_counts := 0"},
    {OnesweepLine::Count, "  each key: atomicAdd(warp_counts[its warp][its digit], 1)"},
    {OnesweepLine::DigitTotals, "  thread d: count[d] := sum over warps of warp_counts[w][d]"},
    {OnesweepLine::DigitTotals, "    publish(AGGREGATE, count[d]) for (tile, d)"},
    {OnesweepLine::DigitTotals, "    first[d] := exclusive sum of count (block scan)"},
    {OnesweepLine::Place, "    warp_counts[w][d] := first[d] + count of d in warps before w"},
    {OnesweepLine::Rank, "  each warp, a row of keys at a time:"},
    {OnesweepLine::Rank, "    same := lanes of my digit (8 ballots); the last of same takes"},
    {OnesweepLine::Rank, "    at := warp_counts[warp][digit], adds |same| to it"},
    {OnesweepLine::Rank, "    sorted[at + lanes of same before me] := key"},
    {OnesweepLine::Rank, "  thread d: look back along digit d: add until a PREFIX;"},
    {OnesweepLine::Rank, "    publish(PREFIX, ...)"},
    {OnesweepLine::Rank, "    shift[d] := start[p][d] + before_tile[d] - first[d]"},
    {OnesweepLine::Store, "  output[shift[digit of sorted[i]] + i] := sorted[i]"},
};

const std::vector<StepLabel> kOnesweepLabels = {
    {OnesweepLine::ClearBins,
     "clear the bins",
     {},
     "Each block clears its bins in shared memory: 256 for each pass."},
    {OnesweepLine::Histogram,
     "count digits",
     {},
     "Each block counts the digits of its keys, for every pass at once, in shared memory: one "
     "read of the input gives every pass its histogram."},
    {OnesweepLine::AddHistograms,
     "add the counts",
     {},
     "Each block adds its counts to the whole input's (an atomic add a digit)."},
    {OnesweepLine::ScanCounts,
     "scan the counts",
     {},
     "One block a pass scans its 256 counts: digit d's keys start after all the keys of smaller "
     "digits."},
    {OnesweepLine::TakeTile,
     "take a tile",
     {},
     "Thread 0 takes the next tile number from a global counter; the warps' digit counts start "
     "at 0."},
    {OnesweepLine::Count,
     "count the digits",
     {},
     "Each thread adds one to its warp's count of its key's digit, an atomic add a key: lanes "
     "with keys of one digit add to the same word."},
    {OnesweepLine::DigitTotals,
     "count the tile",
     {},
     "Thread d adds up digit d's counts over the warps and publishes the tile's count of digit d "
     "at once, before the tile is ranked, for the tiles after it to find. A block scan of the "
     "counts follows."},
    {OnesweepLine::Place,
     "where each warp's keys go",
     {},
     "The block scan gives where the tile's keys of each digit start; thread d then gives each "
     "warp its first place for digit d, after the warps before it."},
    {OnesweepLine::Rank,
     "rank, place, look back",
     {},
     "Row by row, in each warp, the lanes whose keys share a digit find each other with eight "
     "ballots (one a bit). "
     "The last of them takes the warp's next place for the digit and moves it on by their number; "
     "each key goes to that place plus the lanes of its digit before it, in shared memory. Keys "
     "alike in the digit keep the input's order. Then thread d reads the tiles before along "
     "digit d until one knew its prefix: how many keys of digit d came before this tile. With the "
     "histogram's start of the digit, that places the tile's keys of digit d in the output."},
    {OnesweepLine::Store,
     "store",
     {},
     "Consecutive threads write consecutive keys of the ordered tile; a digit's keys go to "
     "consecutive words of the output, after those of the tiles before."},
};

}  // namespace

VariantInfo radix_sort_onesweep_card() {
    VariantInfo card{
        VariantId::RadixSortOnesweep,
        "radix-sort-onesweep",
        "Radix sort, a digit of 8 bits a pass (Onesweep)",
        Algorithm::Split,
        "Adinets and Merrill, \"Onesweep: A Faster Least Significant Digit Radix Sort for GPUs\" "
        "(2022), the sort of CUB's DeviceRadixSort; Merrill, US patent 9928033 (the look-back); "
        "Harris, Sengupta and Owens, GPU Gems 3, ch. 39, 39.3.3 (radix sort by scans)",
        "A least-significant-digit radix sort of any size, a digit of 8 bits a pass: four passes "
        "for 32-bit keys instead of 32 splits. A split sends each key to one of two piles; a pass "
        "here sends it to one of 256, one a digit. A key's place is the count of keys of smaller "
        "digits in the whole input, plus those of its digit in the tiles before its tile, plus "
        "those of its digit before it in its tile. The first comes from a histogram of every "
        "pass's digits, made in one read before the passes, and scanned. The second is a "
        "decoupled look-back, one for each digit: thread d of each tile publishes the tile's "
        "count of digit d as soon as the tile is counted, and looks back along digit d after the "
        "tile is ranked. The third is counted in the block: each warp finds the lanes whose keys "
        "share a digit with eight ballots. The tile is ordered in "
        "shared memory, then written out, a digit's keys to consecutive words. Each pass reads "
        "every key once and writes it once, as a copy does. Each pass is stable, so after the "
        "last the keys are in order. Signed keys and floats are ordered by their bits with the "
        "sign turned over. The captured sort gives each thread one key a pass; the timed one is "
        "the same source with 26 keys a thread (its policy in lookback_policies.h).",
        kOnesweepListing,
        kOnesweepLabels,
        {"tile", "warp counts", "first", "shift", "warp totals", "sorted"}};
    mark_single_pass(card);
    card.min_threads = 256;
    card.max_threads = 256;
    card.timed_by_default = false;
    card.tile = tile_of<kernels::OnesweepPolicy>;
    return card;
}

}  // namespace scanscope
