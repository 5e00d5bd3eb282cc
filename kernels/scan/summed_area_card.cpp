// The card of the summed-area table in one block (kernels/scan/summed_area.h).
#include <string>

#include "scan/summed_area.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kSummedAreaLines = {
    {SummedAreaLine::Load, "t[k] := input[k]          (entry x = k mod W, y = k div W)"},
    {SummedAreaLine::Rows, "rows, d := 1, 2, 4 ... < W:"},
    {SummedAreaLine::Rows, "  t'[k] := t[k - d] + t[k] if x >= d, else t[k]"},
    {SummedAreaLine::Columns, "columns, d := 1, 2, 4 ... < H:"},
    {SummedAreaLine::Columns, "  t'[k] := t[k - dW] + t[k] if y >= d, else t[k]"},
    {SummedAreaLine::Store, "output[k] := t[k]"},
    {0, "box sum [x0..x1] x [y0..y1] = T(x1,y1) - T(x0-1,y1)"},
    {0, "                          - T(x1,y0-1) + T(x0-1,y0-1)"},
};

const std::vector<StepLabel> kSummedAreaLabels = {
    {SummedAreaLine::Load, "load", {}, "Each thread loads its entry of the table."},
    {SummedAreaLine::Rows,
     "scan rows",
     {"d", "in", "out"},
     "Every row at once, Hillis and Steele's way: each entry adds the one d = {d} to its left "
     "(buffer {in} read, {out} written)."},
    {SummedAreaLine::Columns,
     "scan columns",
     {"d", "in", "out"},
     "Then every column of that: each entry adds the one d = {d} rows above (buffer {in} read, "
     "{out} written)."},
    {SummedAreaLine::Store,
     "store",
     {},
     "Each entry now holds the sum of the rectangle from the corner to it."},
};

}  // namespace

VariantInfo summed_area_card() {
    VariantInfo card{
        VariantId::SummedArea,
        "summed-area",
        "Summed-area table (rows, then columns)",
        Algorithm::SummedArea,
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\", GPU Gems 3, "
        "ch. 39, 39.3.2 (summed-area tables); Crow, \"Summed-Area Tables for Texture Mapping\" "
        "(1984)",
        "A summed-area table holds, at each entry (x, y), the sum of the input over the rectangle "
        "from the corner (0, 0) to (x, y). It is two scans: every row scanned, then every column "
        "of the result. Here each is Hillis and Steele's scan, all rows (then all columns) at "
        "once, one thread per entry and two buffers by turns. With the table, the sum over any box "
        "takes four reads, whatever its size: the corner beyond it, minus the two beside, plus the "
        "one before both. Graphics uses that for box filters and depth-of-field blur in constant "
        "time per pixel. The table is W entries wide (--width; by default as square as n allows).",
        kSummedAreaLines,
        kSummedAreaLabels,
        {"t"}};
    card.max_n = 1024;
    card.pingpong_view = true;
    return card;
}

}  // namespace scanscope
