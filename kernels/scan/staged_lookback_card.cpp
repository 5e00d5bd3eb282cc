// The card of the staged single-pass scan (kernels/scan/staged_lookback.h).
#include <string>

#include "scan/lookback_policies.h"
#include "scan/staged_lookback.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kStagedLookbackListing = {
    {StagedLookbackLine::LoadFirst, "t := my first tile (dealt)"},
    {StagedLookbackLine::LoadFirst, "load t into registers"},
    {StagedLookbackLine::LoadFirst, "u := my second tile (dealt)"},
    {StagedLookbackLine::LoadFirst, "copy u to the stage (async)"},
    {0, "loop while t < tiles:"},
    {StagedLookbackLine::LoadFirst, "  scan t in registers"},
    {0, "  barrier"},
    {StagedLookbackLine::LookBack, "  each warp adds warp totals"},
    {StagedLookbackLine::LookBack, "  warp 0: look back for t,"},
    {StagedLookbackLine::LookBack, "    publish t's PREFIX;"},
    {StagedLookbackLine::LookBack, "    v := my tile after u"},
    {StagedLookbackLine::LookBack, "  all: wait for u, add it up"},
    {0, "  barrier"},
    {StagedLookbackLine::Store, "  warp 0: u's AGGREGATE out"},
    {StagedLookbackLine::Store, "  each row of t:"},
    {StagedLookbackLine::Store, "    out := excl + incl. scan", kInclusive},
    {StagedLookbackLine::Store, "    out := excl + excl. scan", kExclusive},
    {StagedLookbackLine::Store, "    u's row to registers,"},
    {StagedLookbackLine::Store, "    ask for v's row (async)"},
    {StagedLookbackLine::Store, "  t, u := u, v"},
};

const std::vector<StepLabel> kStagedLookbackLabels = {
    {StagedLookbackLine::LoadFirst,
     "load the first tiles",
     {},
     "Block b's first tiles are b and b + blocks: each thread loads its part of the first into "
     "registers and asks for the second's to be copied into the stage; each warp scans its rows."},
    {StagedLookbackLine::LookBack,
     "look back",
     {"tile"},
     "Warp 0 looks back for tile {tile}; thread 0 names the tile after next. Every warp adds up "
     "the next tile as it lands."},
    {StagedLookbackLine::Store,
     "store and scan",
     {"tile"},
     "Warp 0 publishes the next tile's aggregate. Row by row, tile {tile} goes out as the next "
     "tile moves in; then the warps scan it."},
};

}  // namespace

VariantInfo staged_lookback_card() {
    VariantInfo card{
        VariantId::StagedLookback,
        "staged-lookback",
        "Single pass, staged look-back",
        Algorithm::Scan,
        "Merrill, US patent 9928033; Merrill and Garland (2016); the next tile staged in shared "
        "memory with cp.async",
        "In decoupled-lookback each block loads its tile, scans it, waits while warp 0 looks "
        "back, and stores: while a tile looks back, its SM asks memory for nothing. Here the "
        "blocks stay, each with one tile in registers and the next on its way into shared memory "
        "(the stage), copied there by cp.async behind the threads' backs. While warp 0 looks "
        "back for this tile, every warp waits for the next tile to land and adds up its part, "
        "and warp 0 publishes the next tile's aggregate before this tile's outputs go out: a "
        "tile's aggregate waits only for its own loads, never for the look-back of the tile "
        "before it, so the tiles after it find it early. Then each thread stores its rows of "
        "this tile one by one; as a row goes out, the next tile's row moves from the stage into "
        "its registers and the row of the tile after next is asked for in its place, so the SM's "
        "loads go on while it stores. The first eight rounds of tiles are dealt round the blocks "
        "(block b takes b, b + G, b + 2G, ... of G blocks), so a block never waits for a tile "
        "number while it starts or looks back; a larger scan's later tiles come from a counter, "
        "so that a faster SM takes more of them. Dealing needs every block resident: the launch "
        "is cooperative. The captured scan has one element per thread; the timed scan is the "
        "same source with 52 elements per thread (13 rows of 16-byte accesses), 512 threads and "
        "a stage of 104 KiB (from 2^24 to 2^25 elements the same rows at 256 threads, two "
        "blocks an SM, whose smaller last tiles end sooner; below 2^24, 32 per thread at 256 "
        "threads, so that nearly every block has a tile). Measured at 2^28 elements (int32, "
        "scanscope bench, 2026-11-24): on an H100 0.722 ms, 1.012 times a copy of the same bytes "
        "and 0.83 times CUB's InclusiveSum; on an H200 0.515 ms, 1.022 times the copy and 0.76 "
        "times CUB, where decoupled-lookback takes 1.10 times the copy. At 2^24, with each block "
        "asking the L2 to keep the descriptor line of every tile it takes: 1.04 to 1.06 times "
        "the copy on the H100, 1.10 to 1.15 on the H200.",
        kStagedLookbackListing,
        join({kStagedLookbackLabels}),
        {"stage", "warp totals", "next totals", "prefix", "after next"}};
    mark_single_pass(card);
    card.tile = tile_of<kernels::StagedLookbackPolicy>;
    card.partner = "decoupled-lookback";
    return card;
}

}  // namespace scanscope
