// The card of the pipelined single-pass scan (kernels/scan/pipelined_lookback.h).
#include <string>

#include "scan/lookback_policies.h"
#include "scan/pipelined_lookback.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kPipelinedLookbackListing = {
    {0, "block b: tiles b, b+G, ..."},
    {PipelinedLookbackLine::ScanTile, "ask for the first S-1 tiles:"},
    {PipelinedLookbackLine::ScanTile, "  ring slots 0..S-2 (cp.async)"},
    {0, "for each tile t (slot k mod S)"},
    {PipelinedLookbackLine::ScanTile, "  ask for t+(S-1)G: freed slot"},
    {PipelinedLookbackLine::ScanTile, "  wait for tiles t and t+G"},
    {PipelinedLookbackLine::ScanTile, "  scan t; add up t+G"},
    {0, "  barrier"},
    {PipelinedLookbackLine::LookBack, "  store t-G: its prefix is in"},
    {PipelinedLookbackLine::LookBack, "  each warp adds warp totals"},
    {PipelinedLookbackLine::LookBack, "  warp 0: t+G's AGGREGATE out"},
    {PipelinedLookbackLine::LookBack, "  warp 0: read t-1..t-G,"},
    {PipelinedLookbackLine::LookBack, "    add to the nearest PREFIX"},
    {PipelinedLookbackLine::LookBack, "  warp 0: publish PREFIX"},
    {PipelinedLookbackLine::LookBack, "  (the others: on to t+G)"},
    {PipelinedLookbackLine::Store, "barrier; store the last tile:"},
    {PipelinedLookbackLine::Store, "  out := excl + inclusive scan", kInclusive},
    {PipelinedLookbackLine::Store, "  out := excl + exclusive scan", kExclusive},
};

const std::vector<StepLabel> kPipelinedLookbackLabels = {
    {PipelinedLookbackLine::ScanTile,
     "scan the tile",
     {"tile", "slot"},
     "Copies of the block's first tiles land in the ring behind the threads' backs; each waits "
     "for tile {tile} (slot {slot}), scans it and adds up the next."},
    {PipelinedLookbackLine::LookBack,
     "look back",
     {"tile"},
     "Warp 0 looks back for tile {tile}, whose outputs wait in registers; meanwhile the block "
     "stores its last tile and goes on to the next (where a block is one warp, warp 0 does both "
     "in turn)."},
    {PipelinedLookbackLine::Store,
     "store",
     {"tile"},
     "Each thread adds the tiles' prefix to its elements of tile {tile}, the block's last, and "
     "writes them."},
};

}  // namespace

VariantInfo pipelined_lookback_card() {
    VariantInfo card{
        VariantId::PipelinedLookback,
        "pipelined-lookback",
        "Single pass, pipelined look-back",
        Algorithm::Scan,
        "Merrill, US patent 9928033; Merrill and Garland (2016); loads ahead as in CUTLASS's and "
        "CUB's multistage pipelines",
        "decoupled-lookback reads each element once and writes it once, but on each SM the work "
        "comes in bursts: a block loads its tile, scans it, waits while warp 0 looks back, "
        "stores, and only then does the next block start to load. Nothing is in flight while a "
        "tile looks back. Here the blocks stay: as many as fit on the GPU at once, block b taking "
        "tiles b, b + G, b + 2G and so on. Each keeps a ring of S tiles in shared memory, and each "
        "thread asks for its elements of the tile S-1 ahead before it waits for this one "
        "(cp.async: the copy engine writes shared memory while the thread goes on), so the loads "
        "of later tiles are in flight through every barrier and every look-back. Nobody waits for "
        "the look-back either: warp 0 looks back for a tile while the other warps store the tile "
        "before it and go on to the next, so a tile's outputs wait a step in registers and the "
        "block meets one barrier a tile. A block also published the prefix of its own last tile, "
        "so its look-back never goes further back than G tiles, and warp 0 reads all of those "
        "descriptors at once. The captured scan has one element per thread and a ring of three; "
        "the timed scan is the same source with 32 elements per thread and a ring of three tiles "
        "of 16384, its descriptors one a 128-byte line. Measured at 2^28 elements (int32, "
        "scanscope bench, 2026-11-23): on an H100 0.735 ms, 1.03 times a copy of the same bytes "
        "and 0.84 times CUB's InclusiveSum; on an H200 0.578 ms, 1.15 times the copy and 0.85 "
        "times CUB (before the look-back left the block's path and the descriptors spread out: "
        "0.795 ms on the H100, 0.604 ms on the H200).",
        kPipelinedLookbackListing,
        join({kPipelinedLookbackLabels}),
        {"ring", "warp totals", "next totals", "prefixes"}};
    mark_single_pass(card);
    card.tile = tile_of<kernels::PipelinedLookbackPolicy>;
    card.partner = "decoupled-lookback";
    return card;
}

}  // namespace scanscope
