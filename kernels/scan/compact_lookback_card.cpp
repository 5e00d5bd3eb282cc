// The card of stream compaction in one pass with decoupled look-back
// (kernels/scan/compact_lookback.h).
#include <string>

#include "scan/compact_lookback.h"
#include "scan/compact_lookback_staged.h"
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
    {CompactLookbackLine::PackAndLookBack, "if flag: packed[kept before x in tile] := x"},
    {CompactLookbackLine::PackAndLookBack, "warp 0: publish(AGGREGATE, kept in tile),"},
    {CompactLookbackLine::PackAndLookBack, "  look back: add aggregates until"},
    {CompactLookbackLine::PackAndLookBack, "  a PREFIX; publish(PREFIX, ...)"},
    {CompactLookbackLine::PackAndLookBack, "  last tile: kept := its prefix"},
    {CompactLookbackLine::Store, "output[kept before tile + i] := packed[i]"},
    {CompactLookbackLine::Store, "  (consecutive threads, consecutive i)"},
    {0, "timed: blocks that stay, the next tile staged"},
    {CompactLookbackStagedLine::LoadFirst, "t, u := my first two tiles (dealt);"},
    {CompactLookbackStagedLine::LoadFirst, "  load t, copy u to the stage (async)"},
    {0, "loop while t < tiles:"},
    {CompactLookbackStagedLine::LoadFirst, "  flag t, count (shuffles); barrier"},
    {CompactLookbackStagedLine::PackAndLookBack, "  each warp adds the warps' counts;"},
    {CompactLookbackStagedLine::PackAndLookBack, "  pack t's kept elements"},
    {CompactLookbackStagedLine::PackAndLookBack, "  warp 0: look back for t; v := next"},
    {CompactLookbackStagedLine::PackAndLookBack, "  all: wait for u, count its kept"},
    {0, "  barrier"},
    {CompactLookbackStagedLine::Store, "  warp 0: u's AGGREGATE out"},
    {CompactLookbackStagedLine::Store, "  output[kept before t + i] := packed[i]"},
    {CompactLookbackStagedLine::Store, "  u to registers, ask for v (async)"},
    {CompactLookbackStagedLine::Store, "  t, u := u, v"},
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
     "Each thread packs its kept elements in shared memory, each at the count kept before it in "
     "the tile. Warp 0 publishes the tile's count and reads its predecessors' descriptors until it "
     "meets a prefix (the count kept before them), then publishes its own."},
    {CompactLookbackLine::Store,
     "store",
     {},
     "The threads write the tile's packed elements out, consecutive threads to consecutive words, "
     "after the count kept in the tiles before: each warp's store fills whole sectors."},
    {CompactLookbackStagedLine::LoadFirst,
     "load the first tiles",
     {},
     "Block b's first tiles are b and b + blocks: each thread loads its part of the first into "
     "registers and asks for the second's to be copied into the stage; each warp flags and counts "
     "its rows."},
    {CompactLookbackStagedLine::PackAndLookBack,
     "pack, look back",
     {"tile"},
     "Each thread packs its kept elements of tile {tile} in shared memory. Warp 0 looks back for "
     "the count kept before tile {tile}; every warp counts the kept elements of the next tile as "
     "it lands in the stage."},
    {CompactLookbackStagedLine::Store,
     "store, load the next",
     {"tile"},
     "Warp 0 publishes the next tile's count. Tile {tile}'s packed elements go out in one sweep; "
     "each thread moves its rows of the next tile from the stage into registers and asks for the "
     "tile after next in their place; then the warps flag and count the next tile."},
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
        "even, or above a threshold). The warps count them with shuffles, and each thread packs "
        "its kept elements in shared memory, at their places in the tile, "
        "while warp 0 looks back over the earlier tiles' descriptors for how many were kept "
        "before it. The block then writes the packed elements out in one coalesced sweep. "
        "(Written straight from registers, a warp's stores land a few words to a 32-byte sector, "
        "and each sector is written four times in part: at 2^28 that took 1.36 times the copy's "
        "time on an H200.) The input is read once and only the kept elements are written, the "
        "least traffic a compaction can have. "
        "The last tile's inclusive prefix is the count kept. The descriptors here carry counts, "
        "not elements. The captured compaction gives each thread one element and each block one "
        "tile. The timed one does the same steps in blocks that stay, as staged-lookback does for "
        "a scan: each holds one tile in registers while the next is copied into shared memory "
        "(the stage) by cp.async, counts the next tile's kept elements and publishes that count "
        "while warp 0 looks back for this one, and asks for the tile after next as it writes "
        "this one out, so its SM's loads never rest (one tile a block, at 2^28 on an H200, took "
        "1.27 times the copy's time). Its tiles are rows of 16-byte loads (its policy in "
        "lookback_policies.h).",
        kCompactLookbackListing,
        kCompactLookbackLabels,
        {"warp counts", "tile", "prefix", "packed"}};
    mark_single_pass(card);
    card.timed_by_default = false;
    card.tile = tile_of<kernels::CompactLookbackPolicy>;
    return card;
}

}  // namespace scanscope
