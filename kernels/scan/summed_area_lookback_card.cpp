// The card of the summed-area table in one pass, strips with a look-back along each row, and
// timed tiles with one up each column too, or wide ones handing each column down
// (kernels/scan/summed_area_lookback.h).
#include <string>

#include "scan/lookback_policies.h"
#include "scan/summed_area_lookback.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kListing = {
    {SummedAreaLookbackLine::TakeStrip, "strip := atomicAdd(strip_counter, 1)"},
    {SummedAreaLookbackLine::ScanRows, "each band of rows, top to bottom:"},
    {SummedAreaLookbackLine::ScanRows, "  each warp: ROWS rows of the strip;"},
    {SummedAreaLookbackLine::ScanRows, "  scan each across the strip (shuffles)"},
    {SummedAreaLookbackLine::ScanRows, "  lane r: publish row r's total"},
    {SummedAreaLookbackLine::ScanRows, "  add down the warp's rows (registers)"},
    {SummedAreaLookbackLine::ScanRows, "  lane r, along its row: add left"},
    {SummedAreaLookbackLine::ScanRows, "  strips' totals until a PREFIX;"},
    {SummedAreaLookbackLine::ScanRows, "  publish PREFIX (the row's left part)"},
    {SummedAreaLookbackLine::AddWarps, "  a thread a column: down the warps,"},
    {SummedAreaLookbackLine::AddWarps, "  what is above each (shared memory)"},
    {SummedAreaLookbackLine::AddWarps, "  (timed tiles: above the tile, from a"},
    {SummedAreaLookbackLine::AddWarps, "  look-back up the column, as along rows;"},
    {SummedAreaLookbackLine::AddWarps, "  wide tiles: handed down by the tile above)"},
    {SummedAreaLookbackLine::Columns, "  add what is above and left; store"},
};

const std::vector<StepLabel> kLabels = {
    {SummedAreaLookbackLine::TakeStrip,
     "take a strip",
     {},
     "Thread 0 takes the next strip of columns from a global counter; the block walks down all "
     "of its rows."},
    {SummedAreaLookbackLine::ScanRows,
     "scan the rows, look left",
     {"band"},
     "The band from row {band}: each warp scans its rows of the strip with shuffles, lane r "
     "publishes row r's total in the strip, and the warp adds down its rows and leaves each "
     "column's sum in shared memory. Then lane r looks left along its row: it adds the left "
     "strips' descriptors until one holds a PREFIX (the whole row left of it), and publishes "
     "this strip's PREFIX."},
    {SummedAreaLookbackLine::AddWarps,
     "add down the warps",
     {"band"},
     "The band from row {band}: a thread for each column of the strip goes down the warps. In "
     "place of each warp's sum it writes what the warp's rows get from above: the bands above "
     "(the thread keeps them: the block owns its columns), the warps above and the left parts of "
     "their rows. (In the timed tiles, a band each, the thread first publishes the tile's sum of "
     "its column and looks up the column for what the tiles above published; in wide tiles it "
     "waits for the tile above to hand down its last row, and hands down its own.)"},
    {SummedAreaLookbackLine::Columns,
     "add above and left, store",
     {"band"},
     "The band from row {band}: each warp reads what is above each of its columns, adds it and "
     "the left parts of its own rows down to each row, and stores its rows."},
};

}  // namespace

VariantInfo summed_area_lookback_card() {
    VariantInfo card{
        VariantId::SummedAreaLookback,
        "summed-area-lookback",
        "Summed-area table, single pass (look-back along rows, and up columns)",
        Algorithm::SummedArea,
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\", GPU Gems 3, "
        "ch. 39, 39.3.2 (summed-area tables); Merrill, US patent 9928033 (the look-back)",
        "A summed-area table of any size, each entry read once and written once, as a copy of the "
        "table moves it (scanning the rows and then the columns reads and writes it twice). Each "
        "block takes a strip of columns and walks down it, a band of rows at a time. The columns "
        "need nothing from other blocks: a lane adds its rows in registers, and then a thread for "
        "each column adds it down the band's warps through shared memory and keeps what the bands "
        "above add to it, for the block owns its columns. Only the rows cross strips: for each "
        "row the strip publishes its part's total, then looks back along the row, adding what the "
        "strips to its left published until one knew its prefix, as decoupled look-back does "
        "along an array. What it finds, the row's left part, is one number added to every entry "
        "of the row and of the rows below, so the columns are added up before the look-back ends. "
        "The captured table takes strips of 32 columns and a row a warp. The timed one is the "
        "same source in tiles of 128 x 128, a band of a strip each, with 16-byte loads: a tile "
        "gets what is above its columns by a second look-back, up each column over the tiles "
        "above, so that two tiles an SM cover each other's waits; tiles are taken by "
        "anti-diagonals, so the tiles left and above were taken a diagonal earlier (its policy in "
        "lookback_policies.h). Tables 16384 wide and more take tiles of 64 x 256, two warps side "
        "by side, which the memory serves better; a descriptor a column for every 32 rows would "
        "cost too much there, so the tile above hands its last row down instead, a word a column "
        "in a ring of two slots tagged with the row of tiles it came from, and each tile waits "
        "for it. The table is W entries wide (--width; by default as square as n allows).",
        kListing,
        kLabels,
        {"strip", "column sums", "left parts"}};
    mark_single_pass(card);
    card.timed_by_default = false;
    card.tile = tile_of<kernels::SummedAreaLookbackPolicy>;
    return card;
}

}  // namespace scanscope
