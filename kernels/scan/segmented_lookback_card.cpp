// The card of the segmented scan in one pass with decoupled look-back
// (kernels/scan/segmented_lookback.h).
#include <string>

#include "scan/lookback_policies.h"
#include "scan/segmented_lookback.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kSegmentedLookbackListing = {
    {SegmentedLookbackLine::TakeTile, "tile := atomicAdd(tile_counter, 1)"},
    {SegmentedLookbackLine::ScanTile, "each lane: ROWS rows of VEC consecutive"},
    {SegmentedLookbackLine::ScanTile, "  pairs (x, head) (teaching: 1 x 1)"},
    {SegmentedLookbackLine::ScanTile, "warp 0 also: the 32*VEC pairs before"},
    {SegmentedLookbackLine::ScanTile, "  the tile, scanned: known := a head"},
    {SegmentedLookbackLine::ScanTile, "  among them; prefix := sum since it"},
    {SegmentedLookbackLine::ToBlocked, "timed: through shared memory, so that each"},
    {SegmentedLookbackLine::ToBlocked, "  lane holds ROWS*VEC consecutive pairs"},
    {SegmentedLookbackLine::ScanTile, "each lane adds up its pairs, its warp"},
    {SegmentedLookbackLine::ScanTile, "  scans the lanes' sums (shuffles):"},
    {SegmentedLookbackLine::ScanTile, "  (a, ha).(b, hb) = (hb ? b : a+b, ha|hb)"},
    {SegmentedLookbackLine::ScanTotals, "warp 0 scans the warps' pairs"},
    {SegmentedLookbackLine::LookBack, "warp 0: known, or a head in the tile?"},
    {SegmentedLookbackLine::LookBack, "  yes: publish(PREFIX, sum since it)"},
    {SegmentedLookbackLine::LookBack, "  no: publish(AGGREGATE, tile's sum)"},
    {SegmentedLookbackLine::LookBack, "  not known: look back, add aggregates"},
    {SegmentedLookbackLine::LookBack, "  until a PREFIX (no head: publish it)"},
    {SegmentedLookbackLine::LookBack, "  and every warp waits for warp 0"},
    {SegmentedLookbackLine::Store, "each element: what comes before it"},
    {SegmentedLookbackLine::Store, "  since its head (0 at a head)"},
    {SegmentedLookbackLine::ToRows, "timed: back to rows through shared memory"},
    {SegmentedLookbackLine::Store, "store"},
};

const std::vector<StepLabel> kSegmentedLookbackLabels = {
    {SegmentedLookbackLine::TakeTile,
     "take a tile",
     {},
     "Thread 0 takes the next tile number from a global counter."},
    {SegmentedLookbackLine::ScanTile,
     "scan the tile's pairs",
     {},
     "Each warp scans its lanes' (value, head) pairs with shuffles (in the timed tiles each lane "
     "first adds up its own run): a head starts the sum again, and a pair remembers whether a "
     "head lies in it. Warp 0 also reads the 32 pairs just before the tile (32 x VEC in the "
     "timed tiles) and scans them the same way: if a head lies among them, the sum since it is "
     "everything that comes before the tile, found without waiting for any other tile."},
    {SegmentedLookbackLine::ToBlocked,
     "each lane's elements side by side",
     {},
     "The warp loaded its rows, each lane 16 bytes of each, which is how global memory likes to "
     "be read. Through shared memory each lane now takes ROWS * VEC consecutive elements, so it "
     "adds them up alone and its warp scans once. One word of padding after every 32 keeps both "
     "ways free of bank conflicts."},
    {SegmentedLookbackLine::ScanTotals,
     "scan the warps",
     {},
     "Warp 0 scans the warps' pairs: the tile's own sum since its last head, and whether it has "
     "a head at all."},
    {SegmentedLookbackLine::LookBack,
     "look back",
     {},
     "A tile that found a head in the pairs before it knows what comes before it, and one with "
     "a head of its own knows its carry: either publishes its PREFIX at once. A tile with "
     "neither publishes its AGGREGATE. Unless the tile found a head before it, warp 0 then adds "
     "its predecessors' aggregates until it meets a PREFIX, for the elements before the tile's "
     "first head, and the other warps wait for it at the barrier."},
    {SegmentedLookbackLine::Store,
     "add and store",
     {},
     "Each element gets everything since its segment's head (nothing at a head), and is "
     "stored."},
    {SegmentedLookbackLine::ToRows,
     "back to rows",
     {},
     "The scanned elements go back through shared memory to the rows they came from, so that "
     "each lane stores 16 consecutive bytes of each row."},
};

}  // namespace

VariantInfo segmented_lookback_card() {
    VariantInfo card{
        VariantId::SegmentedLookback,
        "segmented-lookback",
        "Segmented scan, single pass (look-back)",
        Algorithm::SegmentedScan,
        "Merrill, US patent 9928033 (the look-back); Schwartz, and Blelloch, \"Prefix Sums and "
        "Their Applications\" (1990), 4.2 (segmented scan as a scan of pairs)",
        "A segmented scan of any size in one pass. The elements go in (value, head) pairs, and "
        "pairs combine as (a, ha).(b, hb) = (hb ? b : a + b, ha or hb): a head starts the sum "
        "again, and a pair remembers whether a head lies in it. That operator is associative, so "
        "decoupled-lookback's scan runs on the pairs as it is; a ballot of the heads tells each "
        "lane where its segment starts. The look-back needs nothing new: a tile with a head knows "
        "the sum from its last head to its end without its predecessors, publishes it at once as "
        "its PREFIX, and the look-backs of later tiles stop there. Only the elements before a "
        "tile's first head add what its own look-back finds. And most tiles need no look-back at "
        "all: warp 0 also reads the pairs just before its tile, and a head among them tells it "
        "what comes before the tile without waiting for the tiles before (on the H200 at 2^28, "
        "with a head in every four elements, 1.19 x the copy of its bytes became 1.02 x). Heads "
        "are one byte each. The "
        "captured scan gives each thread one element; the timed one is the same source with rows "
        "of 16-byte loads, passed through shared memory (CUB's warp transpose) so that each lane "
        "scans its 32 consecutive elements alone and each warp scans once.",
        kSegmentedLookbackListing,
        kSegmentedLookbackLabels,
        {"warp values", "warp heads", "tile", "prefix", "known", "stage"}};
    mark_single_pass(card);
    card.tile = tile_of<kernels::SegmentedLookbackPolicy>;
    return card;
}

}  // namespace scanscope
