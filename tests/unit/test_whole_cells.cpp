// A fitted canvas draws its values whole: an edge that cuts a row or column of cells moves in to
// the gap beside them, never past a value or label it showed whole.
#include <gtest/gtest.h>

#include "scenes/whole_cells.h"

namespace scanscope {
namespace {

// `rows` rows of `columns` unit cells with values, 0.12 apart (the array scenes' pitch).
std::vector<SceneCell> grid(int rows, int columns) {
    std::vector<SceneCell> cells;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            SceneCell cell;
            cell.rect = {1.12f * float(c), 1.12f * float(r), 1, 1};
            cell.text = std::to_string(r * columns + c);
            cells.push_back(cell);
        }
    return cells;
}

TEST(WholeCells, ARowCutByTheTopIsLeftOutAndTheRestStays) {
    const std::vector<SceneCell> cells = grid(4, 3);
    // From the middle of row 1 to below the last row.
    const Rect view{-0.5f, 1.6f, 4.0f, 3.0f};
    const Rect whole = whole_cells_view(cells, view);
    EXPECT_GT(whole.y, 2.12f);  // past row 1's bottom, into the gap
    EXPECT_LE(whole.y, 2.24f);  // not past row 2's top
    EXPECT_FLOAT_EQ(whole.bottom(), view.bottom());
    EXPECT_FLOAT_EQ(whole.x, view.x);
    EXPECT_FLOAT_EQ(whole.right(), view.right());
}

TEST(WholeCells, EveryEdgeThatCutsMovesIn) {
    const std::vector<SceneCell> cells = grid(5, 5);
    const Rect view{0.5f, 0.5f, 3.3f, 3.3f};  // cuts row and column 0, and row and column 3
    const Rect whole = whole_cells_view(cells, view);
    EXPECT_GT(whole.x, 1.0f);
    EXPECT_LE(whole.x, 1.12f);
    EXPECT_GT(whole.y, 1.0f);
    EXPECT_LE(whole.y, 1.12f);
    EXPECT_LT(whole.right(), 3.36f);
    EXPECT_GE(whole.right(), 3.24f);
    EXPECT_LT(whole.bottom(), 3.36f);
    EXPECT_GE(whole.bottom(), 3.24f);
}

TEST(WholeCells, AViewThatCutsNothingIsKept) {
    const std::vector<SceneCell> cells = grid(2, 2);
    const Rect view{-1, -1, 5, 5};
    const Rect whole = whole_cells_view(cells, view);
    EXPECT_FLOAT_EQ(whole.x, view.x);
    EXPECT_FLOAT_EQ(whole.y, view.y);
    EXPECT_FLOAT_EQ(whole.w, view.w);
    EXPECT_FLOAT_EQ(whole.h, view.h);
    // Nor is a hair's rounding at the cells' own edge a cut.
    const Rect fitted{0, 0, 2.12f - 1e-5f, 2.12f};
    EXPECT_FLOAT_EQ(whole_cells_view(cells, fitted).right(), fitted.right());
}

TEST(WholeCells, AnEdgeStaysWhereMovingItWouldLoseAWholeValue) {
    std::vector<SceneCell> cells = grid(2, 3);
    const Rect view{-2.5f, 0.5f, 6.0f, 2.0f};  // cuts the first row at its top
    EXPECT_GT(whole_cells_view(cells, view).y, 1.0f);
    // A cell with a value whole in view, reaching up past the row's bottom: the edge stays.
    SceneCell beside;
    beside.rect = {-2.0f, 0.6f, 1.0f, 1.0f};
    beside.text = "9";
    cells.push_back(beside);
    EXPECT_FLOAT_EQ(whole_cells_view(cells, view).y, view.y);
}

TEST(WholeCells, AViewWithNoWholeValueIsKept) {
    const std::vector<SceneCell> cells = grid(1, 3);
    const Rect view{-0.5f, 0.5f, 4.0f, 0.2f};  // a sliver through the row: nothing to keep
    const Rect whole = whole_cells_view(cells, view);
    EXPECT_FLOAT_EQ(whole.y, view.y);
    EXPECT_FLOAT_EQ(whole.h, view.h);
}

TEST(WholeCells, ALabelShownWholeKeepsItsEdge) {
    const std::vector<SceneCell> cells = grid(3, 3);
    const Rect view{-3.0f, 0.5f, 6.5f, 3.0f};  // cuts row 0
    // A caption left of the rows, whole in the view, from row 0's band into row 1's: the edge
    // stays rather than cut it.
    const ViewLabels caption{{{-2.9f, 0.55f, 2.5f, 1.0f}}, {}};
    EXPECT_FLOAT_EQ(whole_cells_view(cells, view, caption).y, view.y);
    // Row 0's name, cut by the edge itself, goes with its row; so does one whole in the view
    // beside the row that goes (nothing it names is left).
    const ViewLabels name_cut{{{-2.9f, 0.3f, 2.5f, 0.4f}}, {}};
    EXPECT_GT(whole_cells_view(cells, view, name_cut).y, 1.0f);
    const ViewLabels name_whole{{{-2.9f, 0.55f, 2.5f, 0.4f}}, {}};
    EXPECT_GT(whole_cells_view(cells, view, name_whole).y, 1.0f);
}

TEST(WholeCells, AHeadingGoesWithTheRowItNames) {
    const std::vector<SceneCell> cells = grid(3, 3);
    // Cuts row 2 at its bottom; a heading over row 2 sits whole in the gap above it.
    const Rect view{-0.5f, -0.5f, 4.0f, 3.0f};
    const ViewLabels heading{{{0.0f, 2.13f, 2.0f, 0.1f}}, {}};
    const Rect whole = whole_cells_view(cells, view, heading);
    EXPECT_LE(whole.bottom(), 2.13f);  // the heading is left out with its row
    EXPECT_GE(whole.bottom(), 2.12f);  // row 1 stays
    // A name beside row 1 (not beyond the last whole row) stays, and so does the edge's place.
    const ViewLabels beside{{{3.4f, 1.2f, 0.5f, 0.5f}}, {}};
    const Rect kept = whole_cells_view(cells, view, beside);
    EXPECT_LT(kept.bottom(), 2.24f);
    EXPECT_GE(kept.bottom(), 2.12f);
    // A heading over the first row kept, where the top edge takes the row above, stays: it is
    // nearer the row it names than the one that went.
    const Rect top_cut{-0.5f, 0.5f, 4.0f, 3.0f};
    const ViewLabels over_row_1{{{0.0f, 1.06f, 2.0f, 0.05f}}, {}};
    const Rect under = whole_cells_view(cells, top_cut, over_row_1);
    EXPECT_GT(under.y, 1.0f);   // row 0 went
    EXPECT_LE(under.y, 1.06f);  // its heading stays
    // A caption of the whole picture is never left out as a heading: the row goes, the edge
    // at its very top, the caption whole.
    const ViewLabels caption{{}, {{0.0f, 2.13f, 2.0f, 0.1f}}};
    EXPECT_GE(whole_cells_view(cells, view, caption).bottom(), 2.23f);
    EXPECT_LE(whole_cells_view(cells, view, caption).bottom(), 2.24f);
}

TEST(WholeCells, CellsThatAbutLoseNoNeighbour) {
    std::vector<SceneCell> cells;
    for (int c = 0; c < 6; ++c) {  // banks' cells side by side, no gap
        SceneCell cell;
        cell.rect = {float(c), 0, 1, 1};
        cell.text = std::to_string(c);
        cells.push_back(cell);
    }
    const Rect view{0, -0.5f, 3.5f, 2.0f};  // cuts cell 3
    const Rect whole = whole_cells_view(cells, view);
    EXPECT_FLOAT_EQ(whole.right(), 3.0f);
}

}  // namespace
}  // namespace scanscope
