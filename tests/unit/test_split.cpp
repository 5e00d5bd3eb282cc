// Radix sort's split on bit 0, in one block: the example of GPU Gems 3's radix sort section, keys
// 100 111 010 110 011 101 001 000, worked by hand (e, f, totalFalses, d), and random keys against
// std::stable_partition (tests/support/reference.h), never ScanScope's own code.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "analysis/questions.h"
#include "capture/capture.h"
#include "scenes/scatter_scene.h"
#include "scenes/views.h"
#include "support/reference.h"

namespace scanscope::test {
namespace {

Trace split(const std::vector<std::uint32_t>& keys, ElementType type = ElementType::Int32) {
    RunRequest r;
    r.variant = "split";
    r.n = int(keys.size());
    r.type = type;
    return capture_trace(r, keys, DeviceChoice::Cpu);
}

TEST(Split, TheWorkedExample) {
    const Trace t = split(int_bits({4, 7, 2, 6, 3, 5, 1, 0}));
    EXPECT_EQ(as_ints(t.output), (std::vector<std::int32_t>{4, 2, 6, 0, 7, 3, 5, 1}));
    const Launch& l = t.launches.at(0);
    ASSERT_EQ(l.globals.size(), 1u);
    EXPECT_EQ(l.globals[0].name, "totalFalses");
    EXPECT_EQ(l.globals[0].values, std::vector<std::uint64_t>{4});
    // e = not b, then its exclusive sum f; at the scatter the second array holds the keys at
    // d = 0 4 1 2 5 6 7 3.
    const std::vector<std::uint32_t>& first = l.steps.front().shared;
    EXPECT_EQ(as_ints({first.begin(), first.begin() + 8}),
              (std::vector<std::int32_t>{1, 0, 1, 1, 0, 0, 0, 1}));
    const Step& scatter = l.steps[l.steps.size() - 2];
    EXPECT_EQ(as_ints({scatter.shared.begin(), scatter.shared.begin() + 8}),
              (std::vector<std::int32_t>{0, 1, 1, 2, 3, 3, 3, 3}));
    EXPECT_EQ(as_ints({scatter.shared.begin() + 8, scatter.shared.begin() + 16}),
              (std::vector<std::int32_t>{4, 2, 6, 0, 7, 3, 5, 1}));
}

TEST(Split, EdgeCasesAndRandomKeys) {
    const std::vector<std::vector<std::int32_t>> inputs = {{5},    {2, 4, 6, 8},    {1, 3, 5, 7, 9},
                                                           {1, 2}, {2, 1, 2, 1, 2}, {0, 0, 0}};
    for (const auto& in : inputs)
        EXPECT_EQ(check_output(int_bits(in), split(int_bits(in)).output, ElementType::Int32,
                               OpKind::Add, Algorithm::Split, false),
                  "")
            << in.size() << " keys";
    for (int n : {2, 3, 33, 100, 777, 1024, 2047, 2048})
        for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
            const std::vector<std::uint32_t> keys = random_input(n, type, std::uint64_t(n) + 7);
            EXPECT_EQ(check_output(keys, split(keys, type).output, type, OpKind::Add,
                                   Algorithm::Split, false),
                      "")
                << n;
        }
}

// The Scatter view at the scatter: an arrow from each key to d (0 4 1 2 5 6 7 3, by hand), the
// 0-keys' arrows in one colour and the 1-keys' in another.
TEST(Split, TheViewDrawsBothPiles) {
    const Trace t = split(int_bits({4, 7, 2, 6, 3, 5, 1, 0}));
    EXPECT_EQ(default_view(t), ViewKind::Scatter);
    Cursor at_scatter;
    at_scatter.step = int(t.frame_count()) - 2;
    const Theme theme = builtin_theme("dark");
    const Scene s = build_scatter_scene(t, at_scatter, theme, 32);
    std::map<int, Rect> keys, sorted;
    for (const SceneCell& c : s.cells) {
        if (c.ref.kind == CellRef::Kind::Global) keys[c.ref.index] = c.rect;
        if (c.ref.kind == CellRef::Kind::Word && c.ref.index >= 8) sorted[c.ref.index - 8] = c.rect;
    }
    const int d[8] = {0, 4, 1, 2, 5, 6, 7, 3};
    ASSERT_EQ(s.arrows.size(), 8u);
    for (int i = 0; i < 8; ++i) {
        const auto goes = [&](const SceneArrow& a) {
            return a.from.x > keys[i].x && a.from.x < keys[i].right() && a.to.x > sorted[d[i]].x &&
                   a.to.x < sorted[d[i]].right();
        };
        const auto it = std::find_if(s.arrows.begin(), s.arrows.end(), goes);
        ASSERT_NE(it, s.arrows.end()) << "key " << i << " to " << d[i];
        const bool zero_key = i == 0 || i == 2 || i == 3 || i == 7;
        EXPECT_EQ(it->color.r == theme.write.r && it->color.g == theme.write.g, zero_key) << i;
    }
}

// Predict mode asks where a key goes, before the scatter (step 9 of 10 at n = 8). The worked
// example 4 7 2 6 3 5 1 0: f = 0 1 1 2 3 3 3 3, totalFalses 4; key 4 (3, bit 1) goes to
// 4 - 3 + 4 = 5, key 7 (0, bit 0) to f = 3.
TEST(Split, PredictAsksWhereAKeyGoes) {
    const Trace t = split({4, 7, 2, 6, 3, 5, 1, 0});
    ASSERT_EQ(t.frame_count(), 10u);
    const BankConfig banks{32, 4};
    QuestionScript script;
    script.cell = 4;
    const auto one_key = make_question(t, QuestionKind::Destination, {false, 8, 0}, banks, script);
    ASSERT_TRUE(one_key);
    EXPECT_EQ(one_key->choices[std::size_t(one_key->right)], "sorted[5]");
    script.cell = 7;
    const auto zero_key = make_question(t, QuestionKind::Destination, {false, 8, 0}, banks, script);
    ASSERT_TRUE(zero_key);
    EXPECT_EQ(zero_key->choices[std::size_t(zero_key->right)], "sorted[3]");
    EXPECT_FALSE(make_question(t, QuestionKind::Destination, {false, 7, 0}, banks))
        << "only before the scatter";
}

}  // namespace
}  // namespace scanscope::test
