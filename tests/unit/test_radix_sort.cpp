// Radix sort by splits, a pass a bit, in one block: GPU Gems 3's keys 4 7 2 6 3 5 1 0 worked by
// hand through their three passes (each pass's keys, totalFalses and order), and edge cases and
// random keys against std::stable_sort (tests/support/reference.h), never ScanScope's own code.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <map>

#include "analysis/questions.h"
#include "capture/capture.h"
#include "model/trace_json.h"
#include "scenes/scatter_scene.h"
#include "support/reference.h"

namespace scanscope::test {
namespace {

Trace radix_sort(const std::vector<std::uint32_t>& keys, ElementType type = ElementType::Int32,
                 int key_bits = 0) {
    RunRequest r;
    r.variant = "radix-sort";
    r.n = int(keys.size());
    r.type = type;
    r.key_bits = key_bits;
    return capture_trace(r, keys, DeviceChoice::Cpu);
}

// The words of shared array `a` in a step.
std::vector<std::int32_t> array_words(const Launch& l, const Step& s, std::size_t a, int n) {
    const std::size_t first = l.arrays.at(a).offset / 4;
    return as_ints({s.shared.begin() + long(first), s.shared.begin() + long(first) + n});
}

// By hand: bit 0 splits 4 7 2 6 3 5 1 0 into 4 2 6 0 | 7 3 5 1; bit 1 (00 01 10 11 in bits 1..0)
// into 4 0 5 1 | 2 6 7 3; bit 2 into 0 1 2 3 | 4 5 6 7. Four 0-keys in every pass.
TEST(RadixSort, TheWorkedExampleThroughItsThreePasses) {
    const Trace t = radix_sort(int_bits({4, 7, 2, 6, 3, 5, 1, 0}));
    EXPECT_EQ(t.request.key_bits, 3) << "the keys differ in bits 0 to 2";
    EXPECT_EQ(as_ints(t.output), (std::vector<std::int32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
    const Launch& l = t.launches.at(0);
    ASSERT_EQ(l.globals.size(), 1u);
    EXPECT_EQ(l.globals[0].name, "totalFalses");
    EXPECT_EQ(l.globals[0].values, (std::vector<std::uint64_t>{4, 4, 4}));
    // Each pass: flag, 3 up-sweep levels, clear root, 3 down-sweep levels, scatter; then a store.
    ASSERT_EQ(l.steps.size(), 3u * 9u + 1u);
    const std::vector<std::vector<std::int32_t>> after = {
        {4, 2, 6, 0, 7, 3, 5, 1}, {4, 0, 5, 1, 2, 6, 7, 3}, {0, 1, 2, 3, 4, 5, 6, 7}};
    const std::vector<std::vector<std::int32_t>> flags = {
        {1, 0, 1, 1, 0, 0, 0, 1}, {1, 0, 0, 1, 0, 0, 1, 1}, {0, 1, 0, 1, 1, 0, 0, 1}};
    for (int pass = 0; pass < 3; ++pass) {
        const Step& flag = l.steps[std::size_t(9 * pass)];
        EXPECT_EQ(flag.vars, std::vector<std::int32_t>{pass});
        EXPECT_EQ(array_words(l, flag, 0, 8), flags[std::size_t(pass)]) << "pass " << pass;
        const Step& scatter = l.steps[std::size_t(9 * pass + 8)];
        EXPECT_EQ(array_words(l, scatter, 1, 8), after[std::size_t(pass)]) << "pass " << pass;
    }
}

TEST(RadixSort, EdgeCasesAndRandomKeys) {
    const std::vector<std::vector<std::int32_t>> inputs = {
        {5},
        {3, 3, 3, 3},  // all equal: one pass, nothing moves
        {0, 1, 2, 3, 4, 5, 6, 7, 8},
        {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
        {-1, 2, -3, 4, 0, -2147483647 - 1, 2147483647, 7},
        {-5, -5, -1, -100, 100}};
    for (const auto& in : inputs)
        EXPECT_EQ(check_sorted_output(int_bits(in), radix_sort(int_bits(in)).output,
                                      ElementType::Int32, 32),
                  "")
            << in.size() << " keys";
    EXPECT_EQ(radix_sort(int_bits({3, 3, 3, 3})).request.key_bits, 1);
    EXPECT_EQ(radix_sort(int_bits({-1, 1})).request.key_bits, 32) << "the sign bit differs";
    const std::vector<float> floats = {0.5f, -0.5f, 2.0f, -3.25f, 0.0f, 1e-30f, -1e30f, 7.0f};
    EXPECT_EQ(check_sorted_output(float_bits(floats),
                                  radix_sort(float_bits(floats), ElementType::Float32).output,
                                  ElementType::Float32, 32),
              "");
    for (int n : {2, 3, 33, 100, 777, 1024})
        for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
            const std::vector<std::uint32_t> keys = random_input(n, type, std::uint64_t(n) + 11);
            EXPECT_EQ(check_sorted_output(keys, radix_sort(keys, type).output, type, 32), "") << n;
        }
}

// Fewer passes than the keys need: ordered by those bits only, stably.
TEST(RadixSort, AskedForFewerBitsOrdersByThoseOnly) {
    const std::vector<std::uint32_t> keys = int_bits({13, 6, 9, 4, 15, 2, 8, 1, 7});
    const Trace t = radix_sort(keys, ElementType::Int32, 2);
    EXPECT_EQ(as_ints(t.output), (std::vector<std::int32_t>{4, 8, 13, 9, 1, 6, 2, 15, 7}));
    EXPECT_EQ(check_sorted_output(keys, t.output, ElementType::Int32, 2), "");
    // The trace keeps the passes asked for, and a replay reads them back.
    EXPECT_EQ(trace_from_json(trace_to_json(t)).request.key_bits, 2);
}

TEST(RadixSort, BadKeyBitsAreRefused) {
    RunRequest r;
    r.variant = "blelloch";
    r.n = 8;
    r.key_bits = 3;
    EXPECT_NE(check_request(r).find("the radix sorts only"), std::string::npos) << check_request(r);
    r.variant = "radix-sort";
    r.key_bits = 33;
    EXPECT_NE(check_request(r), "");
    nlohmann::ordered_json j = trace_to_json(radix_sort(int_bits({2, 1})));
    j["config"]["key_bits"] = 0;
    EXPECT_THROW(trace_from_json(j), std::exception);
}

// Pass 2's Scatter view: the keys as pass 1 left them (from shared `sorted`), each to its place
// by bit 1, with each key's three bits under it.
TEST(RadixSort, TheViewShowsEachPassOnTheKeysTheLastOneLeft) {
    const Trace t = radix_sort(int_bits({4, 7, 2, 6, 3, 5, 1, 0}));
    Cursor c;
    c.step = 17;  // pass 2's scatter
    const Scene s = build_scatter_scene(t, c, builtin_theme("dark"), 32);
    std::vector<std::string> first_row;
    for (const SceneCell& cell : s.cells)
        if (cell.ref.kind == CellRef::Kind::Word && cell.ref.index >= 8 && first_row.size() < 8)
            first_row.push_back(cell.text);
    EXPECT_EQ(first_row, (std::vector<std::string>{"4", "2", "6", "0", "7", "3", "5", "1"}));
    EXPECT_EQ(s.arrows.size(), 8u);
    const bool named = std::any_of(s.labels.begin(), s.labels.end(), [](const SceneLabel& l) {
        return l.text.find("pass 2 of 3") != std::string::npos &&
               l.text.find("bit 1") != std::string::npos;
    });
    EXPECT_TRUE(named);
}

// Predict mode: which bit decides pass 2 (bit 1) and pass 3 (bit 2); never on the first pass.
// In pass 2, on 4 2 6 0 7 3 5 1, key 4 is 7: bit 1 = 1, f = 2, totalFalses 4, so 4 - 2 + 4 = 6.
TEST(RadixSort, PredictAsksWhichBitAPassSortsByAndWhereAKeyGoes) {
    const Trace t = radix_sort(int_bits({4, 7, 2, 6, 3, 5, 1, 0}));
    const BankConfig banks{32, 4};
    const auto second = make_question(t, QuestionKind::PassBit, {false, 9, 0}, banks);
    ASSERT_TRUE(second);
    EXPECT_EQ(second->choices[std::size_t(second->right)], "bit 1");
    const auto third = make_question(t, QuestionKind::PassBit, {false, 18, 0}, banks);
    ASSERT_TRUE(third);
    EXPECT_EQ(third->choices[std::size_t(third->right)], "bit 2");
    EXPECT_FALSE(make_question(t, QuestionKind::PassBit, {false, 0, 0}, banks));
    EXPECT_FALSE(make_question(t, QuestionKind::PassBit, {false, 10, 0}, banks));
    QuestionScript script;
    script.cell = 4;
    const auto q = make_question(t, QuestionKind::Destination, {false, 17, 0}, banks, script);
    ASSERT_TRUE(q);
    EXPECT_EQ(q->choices[std::size_t(q->right)], "sorted[6]");
    EXPECT_NE(q->prompt.find("(7, bit 1 = 1)"), std::string::npos) << q->prompt;
}

}  // namespace
}  // namespace scanscope::test
