// The card of the summed-area table in one pass, strips with a look-back along each row
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
    {SummedAreaLookbackLine::LookBack, "  lane r, along its row: publish the"},
    {SummedAreaLookbackLine::LookBack, "  row's total in the strip; add left"},
    {SummedAreaLookbackLine::LookBack, "  strips' totals until a PREFIX;"},
    {SummedAreaLookbackLine::LookBack, "  publish PREFIX; add it to the row"},
    {SummedAreaLookbackLine::LookBack, "  down the warp's rows (registers)"},
    {SummedAreaLookbackLine::Columns, "  add the warps above (shared memory)"},
    {SummedAreaLookbackLine::Columns, "  and the bands above (registers); store"},
};

const std::vector<StepLabel> kLabels = {
    {SummedAreaLookbackLine::TakeStrip,
     "take a strip",
     {},
     "Thread 0 takes the next strip of columns from a global counter; the block walks down all "
     "of its rows."},
    {SummedAreaLookbackLine::ScanRows,
     "scan the rows",
     {"band"},
     "The band from row {band}: each warp loads its rows of the strip and scans each across the "
     "strip with shuffles."},
    {SummedAreaLookbackLine::LookBack,
     "look back along the rows",
     {"band"},
     "The rest of each row lies in the strips to the left. Lane r publishes its row's total in "
     "this strip, adds the left strips' descriptors until one holds a PREFIX (the whole row left "
     "of it), and publishes this strip's PREFIX. Each entry then adds its row's left part, and "
     "the warp adds its rows down each column."},
    {SummedAreaLookbackLine::Columns,
     "add the columns above",
     {"band"},
     "Each warp adds, in each of its columns, the rows of the warps above it in the band (their "
     "sums in shared memory) and of the bands above (kept in registers: the block owns its "
     "columns), and stores its rows."},
};

}  // namespace

VariantInfo summed_area_lookback_card() {
    VariantInfo card{
        VariantId::SummedAreaLookback,
        "summed-area-lookback",
        "Summed-area table, single pass (strips, look-back along rows)",
        Algorithm::SummedArea,
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\", GPU Gems 3, "
        "ch. 39, 39.3.2 (summed-area tables); Merrill, US patent 9928033 (the look-back)",
        "A summed-area table of any size, each entry read once and written once, as a copy of the "
        "table moves it (scanning the rows and then the columns reads and writes it twice). Each "
        "block takes a strip of columns and walks down it, a band of rows at a time. The columns "
        "need nothing from other blocks: a lane adds its rows in registers, the warps above in "
        "the band through shared memory, and keeps each column's sum of the bands above in "
        "registers, for the block owns its columns. Only the rows cross strips: for each row the "
        "strip publishes its part's total, then looks back along the row, adding what the strips "
        "to its left published until one knew its prefix, as decoupled look-back does along an "
        "array. The captured table takes strips of 32 columns and a row a warp; the timed one is "
        "the same source with 16-byte loads and more rows a warp (its policy in "
        "lookback_policies.h). The table is W entries wide (--width; by default as square as n "
        "allows).",
        kListing,
        kLabels,
        {"strip", "column totals"}};
    mark_single_pass(card);
    card.timed_by_default = false;
    card.tile = tile_of<kernels::SummedAreaLookbackPolicy>;
    return card;
}

}  // namespace scanscope
