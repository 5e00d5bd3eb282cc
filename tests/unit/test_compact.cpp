// Stream compaction in one block: the kept elements at the front, in order, the count in the
// trace, the flags' exclusive scan in shared memory at the scatter. Expected values worked by
// hand (or by std::copy_if, tests/support/reference.h), never by ScanScope's code.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "analysis/questions.h"
#include "capture/capture.h"
#include "scenes/arrow_route.h"
#include "scenes/scatter_scene.h"
#include "scenes/views.h"
#include "support/reference.h"

namespace scanscope::test {
namespace {

Trace compact(const std::vector<std::int32_t>& values) {
    RunRequest r;
    r.variant = "compact";
    r.n = int(values.size());
    return capture_trace(r, int_bits(values), DeviceChoice::Cpu);
}

std::vector<std::int32_t> shared_ints(const Step& step) {
    return as_ints(step.shared);
}

TEST(Compact, KeepsTheNonZeroInOrderAndCountsThem) {
    const Trace t = compact({3, 0, 7, 0, 4, 0, 6, 3});
    EXPECT_EQ(as_ints(t.output), (std::vector<std::int32_t>{3, 7, 4, 6, 3, 0, 0, 0}));
    const Launch& l = t.launches.at(0);
    ASSERT_EQ(l.globals.size(), 1u);
    EXPECT_EQ(l.globals[0].name, "kept");
    EXPECT_EQ(l.globals[0].values, std::vector<std::uint64_t>{5});
    // Flags 1 0 1 0 1 0 1 1; their exclusive sum, each kept element's place in the output.
    EXPECT_EQ(shared_ints(l.steps.front()), (std::vector<std::int32_t>{1, 0, 1, 0, 1, 0, 1, 1}));
    EXPECT_EQ(shared_ints(l.steps.back()), (std::vector<std::int32_t>{0, 1, 1, 2, 2, 3, 3, 4}));
    // 8 elements: the flag step, 3 up-sweep levels, the root, 3 down-sweep levels, the scatter.
    EXPECT_EQ(t.frame_count(), 9u);
}

TEST(Compact, EdgeCases) {
    const std::vector<std::vector<std::int32_t>> inputs = {
        {0},          {5},        {0, 0, 0, 0, 0},      {1, 2, 3, 4, 5},
        {0, 0, 0, 9}, {-1, 0, 1}, {7, 0, 0, 0, 0, 0, 0}};
    for (const auto& in : inputs) {
        const Trace t = compact(in);
        EXPECT_EQ(check_output(int_bits(in), t.output, ElementType::Int32, OpKind::Add,
                               Algorithm::Compact, false),
                  "")
            << in.size() << " values";
    }
}

TEST(Compact, RandomSizesAgainstCopyIf) {
    for (int n : {2, 3, 31, 100, 513, 1000, 2047, 2048})
        for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
            std::vector<std::uint32_t> input = random_input(n, type, std::uint64_t(n));
            // Every third element 0, so that a third are dropped.
            for (std::size_t i = 0; i < input.size(); i += 3)
                input[i] = 0;
            RunRequest r;
            r.variant = "compact";
            r.n = n;
            r.type = type;
            const Trace t = capture_trace(r, input, DeviceChoice::Cpu);
            EXPECT_EQ(check_output(input, t.output, type, OpKind::Add, Algorithm::Compact, false),
                      "")
                << n;
        }
}

// The compaction view at the scatter: an arrow from each kept input to the output word its
// scanned flag names (3 0 7 0 4 0 6 3: 3 -> 0, 7 -> 1, 4 -> 2, 6 -> 3, 3 -> 4, worked by hand).
TEST(Compact, TheViewDrawsTheScatter) {
    const Trace t = compact({3, 0, 7, 0, 4, 0, 6, 3});
    EXPECT_EQ(default_view(t), ViewKind::Scatter);
    Cursor at_scatter;
    at_scatter.step = int(t.frame_count()) - 1;
    const Scene s = build_scatter_scene(t, at_scatter, builtin_theme("dark"), 32);
    std::map<int, Rect> input, output;
    for (const SceneCell& c : s.cells) {
        if (c.ref.kind == CellRef::Kind::Global) input[c.ref.index] = c.rect;
        if (c.ref.kind == CellRef::Kind::Output) output[c.ref.index] = c.rect;
    }
    const std::map<int, int> want = {{0, 0}, {2, 1}, {4, 2}, {6, 3}, {7, 4}};
    ASSERT_EQ(s.arrows.size(), want.size());
    for (const auto& [from, to] : want) {
        const auto starts = [&](const SceneArrow& a) {
            return a.from.x > input[from].x && a.from.x < input[from].x + input[from].w &&
                   a.to.x > output[to].x && a.to.x < output[to].x + output[to].w;
        };
        EXPECT_TRUE(std::any_of(s.arrows.begin(), s.arrows.end(), starts))
            << "input " << from << " to output " << to;
    }
    // The five kept elements in the output's first five words; its last three, which no thread
    // wrote, drawn dimmed, as what was there.
    const Theme theme = builtin_theme("dark");
    int dimmed = 0;
    for (const SceneCell& c : s.cells) {
        if (c.ref.kind != CellRef::Kind::Output) continue;
        const bool dim = c.text_color.r == theme.text_dim.r && c.text_color.g == theme.text_dim.g &&
                         c.text_color.b == theme.text_dim.b;
        EXPECT_EQ(dim, c.ref.index >= 5) << "output " << c.ref.index;
        dimmed += dim;
    }
    EXPECT_EQ(dimmed, 3);
    // Before the scatter, no output and no arrow.
    Cursor flagged;
    const Scene first = build_scatter_scene(t, flagged, builtin_theme("dark"), 32);
    EXPECT_TRUE(first.arrows.empty());
}

// While the flags are scanned, each sweep's arrows are arcs under their row: the first level of
// the up-sweep adds flag 2k into flag 2k + 1 (four arrows at n = 8), each from the bottom edge
// of the one to the bottom edge of the other, and no arrow of any step crosses a value.
TEST(Compact, TheViewDrawsTheSweepsArrowsUnderTheirRow) {
    const Trace t = compact({3, 0, 7, 0, 4, 0, 6, 3});
    int first_with_arrows = -1;
    for (int step = 0; step + 1 < int(t.frame_count()); ++step) {
        Cursor c;
        c.step = step;
        const Scene s = build_scatter_scene(t, c, builtin_theme("dark"), 32);
        for (const SceneArrow& a : s.arrows)
            for (const SceneCell& cell : s.cells)
                EXPECT_FALSE(!cell.text.empty() &&
                             segment_meets(value_area(cell.rect), a.from, a.to))
                    << "step " << step + 1 << ": an arrow crosses '" << cell.text << "'";
        if (s.arrows.empty() || first_with_arrows >= 0) continue;
        first_with_arrows = step;
        std::map<int, Rect> sums;  // the row being scanned: shared words 0..7, below the flags
        for (const SceneCell& cell : s.cells)
            if (cell.ref.kind == CellRef::Kind::Word &&
                (!sums.count(cell.ref.index) || cell.rect.y > sums[cell.ref.index].y))
                sums[cell.ref.index] = cell.rect;
        std::set<std::pair<int, int>> drawn;
        Vec2 start{};
        bool first_piece = true;
        for (const SceneArrow& a : s.arrows) {
            if (first_piece) start = a.from;
            first_piece = a.head;
            if (!a.head) continue;
            int from = -1, to = -1;
            for (const auto& [i, r] : sums) {
                if (std::abs(start.y - r.bottom()) < 1e-4f &&
                    std::abs(start.x - r.center().x) < 1e-4f)
                    from = i;
                if (std::abs(a.to.y - r.bottom()) < 1e-4f &&
                    std::abs(a.to.x - r.center().x) < 1e-4f)
                    to = i;
            }
            drawn.insert({from, to});
        }
        EXPECT_EQ(drawn, (std::set<std::pair<int, int>>{{0, 1}, {2, 3}, {4, 5}, {6, 7}}));
    }
    EXPECT_EQ(first_with_arrows, 1) << "the up-sweep's first level, after the flags";
}

// Predict mode asks how many are kept (before the root is cleared: step 6 of 11 at n = 16) and
// where a kept element goes (before the scatter, step 11). 3 0 7 0 4 0 6 3 0 0 5 1 0 2 0 8 keeps
// 9; element 7 (a 3) has 4 kept elements before it (elements 0, 2, 4, 6): output[4].
TEST(Compact, PredictAsksHowManyAreKeptAndWhereOneGoes) {
    const Trace t = compact({3, 0, 7, 0, 4, 0, 6, 3, 0, 0, 5, 1, 0, 2, 0, 8});
    ASSERT_EQ(t.frame_count(), 11u);
    const BankConfig banks{32, 4};
    const auto kept = make_question(t, QuestionKind::KeptCount, {false, 5, 0}, banks);
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->choices[std::size_t(kept->right)], "9");
    EXPECT_FALSE(make_question(t, QuestionKind::KeptCount, {false, 4, 0}, banks))
        << "only before the root is cleared";
    QuestionScript script;
    script.cell = 7;
    script.answer = "output[4]";
    const auto where = make_question(t, QuestionKind::Destination, {false, 10, 0}, banks, script);
    ASSERT_TRUE(where);
    EXPECT_EQ(where->choices[std::size_t(where->right)], "output[4]");
    script.cell = 1;  // a 0: not kept
    EXPECT_THROW(make_question(t, QuestionKind::Destination, {false, 10, 0}, banks, script),
                 std::invalid_argument);
}

}  // namespace
}  // namespace scanscope::test
