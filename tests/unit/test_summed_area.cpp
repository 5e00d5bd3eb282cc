// The summed-area table in one block: rows scanned, then columns; each entry the sum of its
// rectangle. Expected values worked by hand, or added up rectangle by rectangle
// (check_summed_area_output), never by ScanScope's code.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "analysis/questions.h"
#include "capture/capture.h"
#include "model/input_values.h"
#include "model/trace_json.h"
#include "scenes/arrow_route.h"
#include "scenes/grid_scene.h"
#include "scenes/views.h"
#include "support/reference.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

RunRequest table(int n, int width, OpKind op = OpKind::Add) {
    return table_request("summed-area", n, width, op);
}

std::vector<std::int32_t> buffer_of(const Step& step, int buffer, int m) {
    const auto all = as_ints(step.shared);
    return {all.begin() + buffer * m, all.begin() + (buffer + 1) * m};
}

// 1 .. 12 in a table 4 wide, 3 high. Rows: 1 3 6 10 | 5 11 18 26 | 9 19 30 42; then columns:
// 1 3 6 10 | 6 14 24 36 | 15 33 54 78.
TEST(SummedArea, RowsThenColumns) {
    const Trace t = capture_trace(table(12, 4), int_bits({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}),
                                  DeviceChoice::Cpu);
    EXPECT_EQ(as_ints(t.output),
              (std::vector<std::int32_t>{1, 3, 6, 10, 6, 14, 24, 36, 15, 33, 54, 78}));
    const Launch& l = t.launches.at(0);
    // Load, rows d = 1 and 2, columns d = 1 and 2, store.
    ASSERT_EQ(l.steps.size(), 6u);
    // After the rows (d = 2 wrote buffer 0, as the label's "out" says).
    EXPECT_EQ(buffer_of(l.steps[2], l.steps[2].vars.at(2), 12),
              (std::vector<std::int32_t>{1, 3, 6, 10, 5, 11, 18, 26, 9, 19, 30, 42}));
    EXPECT_EQ(default_view(t), ViewKind::Grid);
}

TEST(SummedArea, EveryShapeAgainstItsRectangles) {
    for (auto [n, width] : {std::pair{1, 1},
                            {7, 7},
                            {7, 1},
                            {12, 3},
                            {64, 8},
                            {100, 10},
                            {256, 16},
                            {1000, 40},
                            {1024, 32},
                            {1024, 1},
                            {1023, 31}})
        for (ElementType type : {ElementType::Int32, ElementType::Float32})
            for (OpKind op : {OpKind::Add, OpKind::Max}) {
                RunRequest r = table(n, width, op);
                r.type = type;
                const auto input = random_input(n, type, std::uint64_t(n + width));
                EXPECT_EQ(check_summed_area_output(input, width, run_emulated(r, input), type, op),
                          "")
                    << n << " entries " << width << " wide";
            }
    RunRequest square = table(1000, 0);
    EXPECT_EQ(table_width(square), 40) << "as square as 1000 allows: 40 x 25";
    square.n = 997;  // a prime: one row
    EXPECT_EQ(table_width(square), 997);
}

// A 4 x 4 table of ones: entry (x, y) is (x + 1)(y + 1). The box [1..2] x [1..2] reads
// T(2,2) - T(0,2) - T(2,0) + T(0,0) = 9 - 3 - 3 + 1 = 4, its four entries.
TEST(SummedArea, TheLastStepLooksUpABoxSumFromFourCorners) {
    const Trace t =
        capture_trace(table(16, 4), std::vector<std::uint32_t>(16, 1u), DeviceChoice::Cpu);
    TableBox box;
    ASSERT_TRUE(default_box(4, 4, box));
    EXPECT_EQ(box.x0, 1);
    EXPECT_EQ(box.x1, 2);
    const auto corners = box_corners(box);
    ASSERT_EQ(corners.size(), 4u);
    Cursor last;
    last.step = int(t.frame_count()) - 1;
    const Scene s = build_grid_scene(t, last, builtin_theme("dark"));
    // Beside so narrow a table the lookup stands in short lines: read one after another.
    std::string said;
    for (const SceneLabel& label : s.labels)
        said += label.text + " ";
    EXPECT_NE(said.find("box [1..2] x [1..2] = T(2,2) - T(0,2) - T(2,0) + T(0,0) = 9 - 3 - 3 + 1 "
                        "= 4 "),
              std::string::npos)
        << said;
    float table_right = 0;
    for (const SceneCell& cell : s.cells)
        table_right = std::max(table_right, cell.rect.right());
    int beside = 0;
    for (const SceneLabel& label : s.labels)
        if (label.at.x > table_right) {
            ++beside;
            EXPECT_LT(label.text.size(), 40u) << "a short line: '" << label.text << "'";
        }
    EXPECT_EQ(beside, 6) << "the lookup's lines beside the table";
    // Under a wide one (16 x 4), a line: the table keeps the canvas's width.
    const Trace wide =
        capture_trace(table(64, 16), std::vector<std::uint32_t>(64, 1u), DeviceChoice::Cpu);
    last.step = int(wide.frame_count()) - 1;
    const Scene under = build_grid_scene(wide, last, builtin_theme("dark"));
    int lines_under = 0;
    for (const SceneLabel& label : under.labels)
        lines_under += label.at.x == 0 && label.at.y > 4 * 1.12f &&
                       label.text.find("(orange: added, red: taken away)") != std::string::npos;
    EXPECT_EQ(lines_under, 1);
    TableBox corner_box{0, 0, 1, 1};
    EXPECT_EQ(box_corners(corner_box).size(), 1u) << "a box at the corner reads one entry";
}

// Predict mode asks which four entries a box's sum reads, before the store: the same 4 x 4 ones,
// box [1..2] x [1..2].
TEST(SummedArea, PredictAsksWhichEntriesABoxSumReads) {
    const Trace t =
        capture_trace(table(16, 4), std::vector<std::uint32_t>(16, 1u), DeviceChoice::Cpu);
    const BankConfig banks{32, 4};
    const int store = int(t.frame_count()) - 1;
    const auto q = make_question(t, QuestionKind::BoxSum, {false, store, 0}, banks);
    ASSERT_TRUE(q);
    EXPECT_EQ(q->choices[std::size_t(q->right)], "T(2,2) - T(0,2) - T(2,0) + T(0,0)");
    EXPECT_EQ(q->choices.size(), 4u);
    EXPECT_NE(q->explanation.find("= 9 - 3 - 3 + 1."), std::string::npos) << q->explanation;
    EXPECT_FALSE(make_question(t, QuestionKind::BoxSum, {false, store - 1, 0}, banks))
        << "only when the table is done";
}

// What each entry added is an arrow from the entry it read: an arc from the top edge of the one
// to the top edge of the other in a row, from left edge to left edge in a column, never across a
// value (a cell's middle, where its number is drawn), at every step of an 8 x 8 table (distances
// 1, 2 and 4). Each arrow (its pieces, the last with the head) still runs from the entry read to
// the entry written, and bows out of its row or column (straight, the arrows of a step lay on one
// another along the cells' edges).
TEST(SummedArea, ArrowsKeepClearOfTheValues) {
    const Trace t =
        capture_trace(table(64, 8), random_values(64, ElementType::Int32, 3), DeviceChoice::Cpu);
    int arrows = 0;
    for (int step = 0; step < int(t.frame_count()); ++step) {
        Cursor c;
        c.step = step;
        const Scene s = build_grid_scene(t, c, builtin_theme("dark"));
        const auto cells_holding = [&](Vec2 p) {
            int holding = 0;
            for (const SceneCell& cell : s.cells)
                holding += cell.rect.contains(p);
            return holding;
        };
        Vec2 start{};
        float farthest = 0;  // how far the arrow bows from the line between its ends
        bool first_piece = true;
        for (const SceneArrow& a : s.arrows) {
            if (first_piece) start = a.from, farthest = 0;
            first_piece = a.head;
            for (int k = 0; k <= 100; ++k) {
                const float f = float(k) / 100.0f;
                const Vec2 p{a.from.x + (a.to.x - a.from.x) * f,
                             a.from.y + (a.to.y - a.from.y) * f};
                farthest = std::max({farthest, start.y - p.y, start.x - p.x});
                for (const SceneCell& cell : s.cells) {
                    if (!value_area(cell.rect).contains(p)) continue;
                    ADD_FAILURE() << "step " << step << ": an arrow crosses the value '"
                                  << cell.text << "' at (" << p.x << ", " << p.y << ")";
                    return;
                }
            }
            if (!a.head) continue;
            ++arrows;
            EXPECT_EQ(cells_holding(start), 1)
                << "step " << step << ": an arrow starts in one cell";
            EXPECT_EQ(cells_holding(a.to), 1) << "step " << step << ": and ends in one";
            EXPECT_GT(farthest, 0.1f) << "step " << step << ": an arrow along the cells' edges";
        }
    }
    EXPECT_GT(arrows, 100) << "7 steps, most of 64 entries adding one";
}

// A column step's arcs, from an entry to the one d rows under it, bow into a lane of their own
// between two columns, where a projector shows them: each reaches at least a fifth of a cell out
// of its column and stays a tenth of a cell clear of the column to its left.
TEST(SummedArea, ColumnStepsArcInALaneBetweenTheColumns) {
    const Trace t =
        capture_trace(table(64, 8), random_values(64, ElementType::Int32, 5), DeviceChoice::Cpu);
    std::set<float> lefts;
    int column_arcs = 0;
    for (int step = 0; step < int(t.frame_count()); ++step) {
        Cursor c;
        c.step = step;
        const Scene s = build_grid_scene(t, c, builtin_theme("dark"));
        lefts.clear();
        for (const SceneCell& cell : s.cells)
            if (cell.rect.w == 1.0f) lefts.insert(cell.rect.x);  // not the box's frames
        Vec2 start{};
        float leftmost = 1e9f;
        bool first_piece = true;
        for (const SceneArrow& a : s.arrows) {
            if (first_piece) start = a.from, leftmost = 1e9f;
            first_piece = a.head;
            leftmost = std::min({leftmost, a.from.x, a.to.x});
            if (!a.head || std::abs(a.to.x - start.x) > 1e-3f) continue;  // not in a column
            ++column_arcs;
            const float left = start.x;  // the column's left edge, where the arc leaves
            EXPECT_LT(leftmost, left - 0.2f) << "step " << step << ": an arc hugging its column";
            const auto previous = lefts.lower_bound(left - 1e-3f);
            if (previous != lefts.begin()) {
                EXPECT_GT(leftmost, *std::prev(previous) + 1.0f + 0.1f)
                    << "step " << step << ": an arc into the column to the left";
            }
        }
    }
    EXPECT_GT(column_arcs, 50) << "3 column steps, most of 64 entries adding one";
}

TEST(SummedArea, ATraceKeepsItsWidthAndRefusesABadOne) {
    const Trace t = capture_trace(table(12, 4), int_bits({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}),
                                  DeviceChoice::Cpu);
    nlohmann::json j = trace_to_json(t);
    EXPECT_EQ(j["config"]["width"], 4);
    EXPECT_EQ(trace_from_json(j).request.width, 4);
    j["config"]["width"] = 5;
    EXPECT_THROW(trace_from_json(j), TraceFormatError);
    RunRequest scan;
    scan.variant = "blelloch";
    scan.n = 8;
    scan.width = 4;
    EXPECT_NE(check_request(scan), "") << "only a summed-area table takes a width";
    EXPECT_NE(check_request(table(12, 5)), "");
}

}  // namespace
}  // namespace scanscope::test
