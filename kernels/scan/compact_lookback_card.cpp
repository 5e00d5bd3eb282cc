// The card of stream compaction in one pass with decoupled look-back
// (kernels/scan/compact_lookback.h).
#include <string>

#include "scan/compact_lookback.h"
#include "scan/lookback_policies.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kCompactLookbackListing = {
    {CompactLookbackLine::TakeTile, "tile := atomicAdd(tile_counter, 1)"},
    {CompactLookbackLine::FlagAndScan, "each lane: ROWS rows of VEC consecutive"},
    {CompactLookbackLine::FlagAndScan, "  elements x (teaching: 1 x 1)"},
    {CompactLookbackLine::FlagAndScan, "flag := 1 if keep(x), else 0"},
    {CompactLookbackLine::FlagAndScan, "  keep(x): x != 0, or the rule asked"},
    {CompactLookbackLine::FlagAndScan, "  for (even; x > N): config.keep"},
    {CompactLookbackLine::FlagAndScan, "each warp scans the flags (shuffles)"},
    {CompactLookbackLine::ScanTotals, "warp 0 scans the warps' counts"},
    {CompactLookbackLine::PackAndLookBack, "thread 0: publish(AGGREGATE, kept in tile)"},
    {CompactLookbackLine::PackAndLookBack, "if flag: packed[kept before x in tile] := x"},
    {CompactLookbackLine::PackAndLookBack, "warp 0: look back: add aggregates until"},
    {CompactLookbackLine::PackAndLookBack, "  a PREFIX; publish(PREFIX, ...)"},
    {CompactLookbackLine::PackAndLookBack, "  last tile: kept := its prefix"},
    {CompactLookbackLine::Store, "output[kept before tile + i] := packed[i]"},
    {CompactLookbackLine::Store, "  (consecutive threads, consecutive i)"},
};

const std::vector<StepLabel> kCompactLookbackLabels = {
    {CompactLookbackLine::TakeTile,
     "take a tile",
     {},
     "Thread 0 takes the next tile number from a global counter."},
    {CompactLookbackLine::FlagAndScan,
     "flag and count",
     {},
     "Each thread flags its elements, 1 where the rule keeps them (not 0, unless the capture "
     "asked for another); each warp scans the flags with shuffles: how many of the warp's kept "
     "elements come before each."},
    {CompactLookbackLine::ScanTotals,
     "count the tile",
     {},
     "Warp 0 scans the warps' counts: the number kept in the tile is now known."},
    {CompactLookbackLine::PackAndLookBack,
     "pack, look back",
     {},
     "Thread 0 publishes the tile's count at once, for the tiles after it that may be looking "
     "back. Each thread packs its kept elements in shared memory, each at the count kept before "
     "it in the tile. Warp 0 reads its predecessors' descriptors until it meets a prefix (the "
     "count kept before them), then publishes its own."},
    {CompactLookbackLine::Store,
     "store",
     {},
     "The threads write the tile's packed elements out, consecutive threads to consecutive words, "
     "after the count kept in the tiles before: each warp's store fills whole sectors."},
};

}  // namespace

VariantInfo compact_lookback_card() {
    VariantInfo card{
        VariantId::CompactLookback,
        "compact-lookback",
        "Stream compaction, single pass (look-back)",
        Algorithm::Compact,
        "Merrill, US patent 9928033 (the look-back); Harris, Sengupta and Owens, GPU Gems 3, "
        "ch. 39, 39.3.1 (compaction as a scan of flags)",
        "A compaction of any size in one pass. It is decoupled-lookback's scan, run on the "
        "elements' 1-or-0 flags, with the scatter fused into its store. Each tile loads its "
        "elements once and flags the kept ones (not 0, unless the capture picks another rule: "
        "even, or above a threshold). The warps count them with shuffles, and thread 0 publishes "
        "the tile's count at once, for the tiles after it. Each thread packs its kept elements in "
        "shared memory, at their places in the tile, while warp 0 looks back over the earlier "
        "tiles' descriptors for how many were kept "
        "before it. The block then writes the packed elements out in one coalesced sweep. "
        "(Written straight from registers, a warp's stores land a few words to a 32-byte sector, "
        "and each sector is written four times in part: at 2^28 that took 1.36 times the copy's "
        "time on an H200.) The input is read once and only the kept elements are written, the "
        "least traffic a compaction can have. "
        "The last tile's inclusive prefix is the count kept. The descriptors here carry counts, "
        "not elements. The captured compaction gives each thread one element; the timed one is "
        "the same source with rows of 16-byte loads (its policy in lookback_policies.h); from "
        "2^25 elements its tiles of 24 rows a thread load past the L1, cached in the L2 only: the "
        "input is read once, and two such blocks' shared memory leave the L1 small.",
        kCompactLookbackListing,
        kCompactLookbackLabels,
        {"warp counts", "tile", "prefix", "packed"}};
    mark_single_pass(card);
    card.timed_by_default = false;
    card.tile = tile_of<kernels::CompactLookbackPolicy>;
    return card;
}

}  // namespace scanscope
