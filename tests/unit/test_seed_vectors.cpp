// The seeds' worked examples, read from the traces step by step (emulation; the GPU tests compare
// the GPU's traces with these).
#include <gtest/gtest.h>

#include "capture/capture.h"
#include "support/reference.h"

namespace scanscope::test {
namespace {

const std::vector<std::int32_t> kHarrisInput = {3, 1, 7, 0, 4, 1, 6, 3};
// Harris (and the issue quoting it) prints 14 in the fifth place; 3 + 1 + 7 + 0 + 4 = 15.
const std::vector<std::int32_t> kHarrisExclusive = {0, 3, 4, 11, 11, 15, 16, 22};
const std::vector<std::int32_t> kHarrisInclusive = {3, 4, 11, 11, 15, 16, 22, 25};

RunRequest request(const std::string& variant, int n, bool inclusive) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.inclusive = inclusive;
    return r;
}

Trace capture_ints(const std::string& variant, const std::vector<std::int32_t>& input,
                   bool inclusive) {
    return capture_trace(request(variant, int(input.size()), inclusive), int_bits(input),
                         DeviceChoice::Cpu);
}

// Words [offset, offset + count) of a step's shared memory, as ints.
std::vector<std::int32_t> words(const Step& step, std::size_t offset, std::size_t count) {
    std::vector<std::uint32_t> w(step.shared.begin() + long(offset),
                                 step.shared.begin() + long(offset + count));
    return as_ints(w);
}

TEST(SeedVectors, HarrisPrintsAnArithmeticSlip) {
    // The seed's inclusive row, as printed, breaks its own definition at the fifth element.
    const std::vector<std::int32_t> printed = {3, 4, 11, 11, 14, 16, 22, 25};
    EXPECT_NE(printed[4], printed[3] + kHarrisInput[4]);
    EXPECT_EQ(kHarrisInclusive[4], kHarrisInclusive[3] + kHarrisInput[4]);
    EXPECT_EQ(printed[5], printed[4] + kHarrisInput[5] + 1) << "the rest follows from the right 15";
}

TEST(SeedVectors, EveryScanGivesHarrisExample) {
    for (const VariantInfo& v : all_variants()) {
        if (v.algorithm != Algorithm::Scan) continue;
        EXPECT_EQ(as_ints(capture_ints(v.key, kHarrisInput, false).output), kHarrisExclusive)
            << v.key;
        EXPECT_EQ(as_ints(capture_ints(v.key, kHarrisInput, true).output), kHarrisInclusive)
            << v.key;
    }
}

TEST(SeedVectors, EveryReductionSumsHarrisExample) {
    for (const VariantInfo& v : all_variants()) {
        if (v.algorithm != Algorithm::Reduce) continue;
        EXPECT_EQ(as_ints(capture_ints(v.key, kHarrisInput, false).output),
                  std::vector<std::int32_t>{25})
            << v.key;
    }
}

// Kirk and Hwu, lecture 5: T1 after stride 1, T0 after stride 2 (inclusive scan, ping-pong).
TEST(SeedVectors, KirkHwuPerStrideRows) {
    const Trace t = capture_ints("hillis-steele", kHarrisInput, true);
    const Launch& l = t.launches.at(0);
    const std::vector<std::vector<std::int32_t>> rows = {
        {3, 4, 8, 7, 4, 5, 7, 9},        // stride 1, into T1
        {3, 4, 11, 11, 12, 12, 11, 14},  // stride 2, into T0
        {3, 4, 11, 11, 15, 16, 22, 25},  // stride 4, into T1
    };
    ASSERT_EQ(l.steps.size(), 5u);  // load, three strides, store
    for (std::size_t s = 0; s < rows.size(); ++s) {
        const Step& step = l.steps[s + 1];
        ASSERT_EQ(step.vars.size(), 3u);
        EXPECT_EQ(step.vars[0], 1 << s) << "offset";
        const int out_buffer = step.vars[2];
        EXPECT_EQ(words(step, std::size_t(out_buffer) * 8, 8), rows[s]) << "stride " << (1 << s);
    }
}

// The tutorial's 16-element Hillis-Steele scan (seed 004): every intermediate row.
TEST(SeedVectors, SixteenElementWalkthroughRows) {
    const std::vector<std::int32_t> input = {8, 3, 5, 7, 2, 9, 1, 6, 4, 10, 12, 15, 11, 14, 13, 16};
    const std::vector<std::vector<std::int32_t>> rows = {
        {8, 11, 8, 12, 9, 11, 10, 7, 10, 14, 22, 27, 26, 25, 27, 29},
        {8, 11, 16, 23, 17, 23, 19, 18, 20, 21, 32, 41, 48, 52, 53, 54},
        {8, 11, 16, 23, 25, 34, 35, 41, 37, 44, 51, 59, 68, 73, 85, 95},
        {8, 11, 16, 23, 25, 34, 35, 41, 45, 55, 67, 82, 93, 107, 120, 136},
    };
    const Trace t = capture_ints("hillis-steele", input, true);
    const Launch& l = t.launches.at(0);
    ASSERT_EQ(l.steps.size(), 6u);
    for (std::size_t s = 0; s < rows.size(); ++s) {
        const Step& step = l.steps[s + 1];
        EXPECT_EQ(step.vars.at(0), 1 << s) << "distance";
        EXPECT_EQ(words(step, std::size_t(step.vars.at(2)) * 16, 16), rows[s])
            << "distance " << (1 << s);
    }
    EXPECT_EQ(as_ints(t.output), rows.back());
}

// Harris, Figure 2 (up-sweep) and Figure 3 (down-sweep) on the 8-element example.
TEST(SeedVectors, BlellochTreesOfFigures2And3) {
    const auto& x = kHarrisInput;
    const std::vector<std::vector<std::int32_t>> up = {
        {x[0], x[0] + x[1], x[2], x[2] + x[3], x[4], x[4] + x[5], x[6], x[6] + x[7]},
        {x[0], x[0] + x[1], x[2], x[0] + x[1] + x[2] + x[3], x[4], x[4] + x[5], x[6],
         x[4] + x[5] + x[6] + x[7]},
        {x[0], x[0] + x[1], x[2], x[0] + x[1] + x[2] + x[3], x[4], x[4] + x[5], x[6], 25},
    };
    const std::int32_t x03 = x[0] + x[1] + x[2] + x[3];
    const std::vector<std::vector<std::int32_t>> down = {
        {x[0], x[0] + x[1], x[2], x03, x[4], x[4] + x[5], x[6], 0},        // zero
        {x[0], x[0] + x[1], x[2], 0, x[4], x[4] + x[5], x[6], x03},        // d = 0
        {x[0], 0, x[2], x[0] + x[1], x[4], x03, x[6], x03 + x[4] + x[5]},  // d = 1
        {0, x[0], x[0] + x[1], x[0] + x[1] + x[2], x03, x03 + x[4], x03 + x[4] + x[5],
         x03 + x[4] + x[5] + x[6]},  // d = 2
    };
    const Trace t = capture_ints("blelloch", x, false);
    const Launch& l = t.launches.at(0);
    ASSERT_EQ(l.block, 4) << "n/2 threads, as in Listing 2";
    ASSERT_EQ(l.steps.size(), 9u);  // load, 3 up, clear, 3 down, store
    for (std::size_t s = 0; s < up.size(); ++s) {
        EXPECT_EQ(t.label(l.steps[s + 1].line)->phase, "up-sweep");
        EXPECT_EQ(words(l.steps[s + 1], 0, 8), up[s]) << "up-sweep level " << s;
    }
    for (std::size_t s = 0; s < down.size(); ++s)
        EXPECT_EQ(words(l.steps[s + 4], 0, 8), down[s]) << "down-sweep row " << s;
    EXPECT_EQ(t.label(l.steps[4].line)->phase, "clear root");
}

}  // namespace
}  // namespace scanscope::test
