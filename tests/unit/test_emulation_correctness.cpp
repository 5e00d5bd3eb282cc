// Every variant, emulated, against std::inclusive_scan / std::exclusive_scan / std::reduce: every n
// from 1 to 2048 (or the variant's one-block limit), and random n up to 2^20.
#include <gtest/gtest.h>

#include <random>

#include "scan/lookback_policies.h"
#include "support/reference.h"
#include "variants/registry.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

RunRequest make(const VariantInfo& v, int n, ElementType type, OpKind op, bool inclusive) {
    RunRequest r;
    r.variant = v.key;
    r.n = n;
    r.type = type;
    r.op = op;
    r.inclusive = inclusive;
    return r;
}

std::string run_and_check(const RunRequest& r, std::uint64_t seed) {
    const auto input = random_input(r.n, r.type, seed);
    const auto output = run_emulated(r, input);
    const std::string problem = check_run(r, input, output);
    return problem.empty() ? problem : r.variant + " n=" + std::to_string(r.n) + ": " + problem;
}

class EveryVariant : public testing::TestWithParam<std::string> {
  protected:
    const VariantInfo& variant() const { return *find_variant(GetParam()); }
    int largest_n() const { return variant().max_n ? variant().max_n : 2048; }
};

std::string name_of(const testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
}

std::vector<std::string> correct_variants() {
    std::vector<std::string> keys;
    for (const VariantInfo& v : all_variants())
        if (!v.expects_hazards) keys.push_back(v.key);
    return keys;
}

TEST_P(EveryVariant, EveryNUpTo2048Int32Add) {
    const bool scan = variant().algorithm == Algorithm::Scan;
    for (int n = 1; n <= largest_n(); ++n) {
        ASSERT_EQ(run_and_check(make(variant(), n, ElementType::Int32, OpKind::Add, false),
                                std::uint64_t(n)),
                  "");
        if (scan) {
            ASSERT_EQ(run_and_check(make(variant(), n, ElementType::Int32, OpKind::Add, true),
                                    std::uint64_t(n) + 7),
                      "");
        }
    }
}

TEST_P(EveryVariant, FloatAndMaxAtAwkwardSizes) {
    for (int n : {1, 2, 3, 31, 32, 33, 255, 256, 257, 1000, 1023, 1024, 2047, 2048}) {
        if (n > largest_n()) continue;
        for (ElementType type : {ElementType::Int32, ElementType::Float32})
            for (OpKind op : {OpKind::Add, OpKind::Max})
                for (bool inclusive : {false, true})
                    ASSERT_EQ(run_and_check(make(variant(), n, type, op, inclusive), 99), "");
    }
}

TEST_P(EveryVariant, RandomLargeN) {
    if (variant().max_n)
        GTEST_SKIP() << variant().key << " scans one block (n up to " << variant().max_n << ")";
    std::mt19937 random(2024);
    std::uniform_int_distribution<int> size(2049, 1 << 20);
    for (int trial = 0; trial < 3; ++trial) {
        const int n = trial == 0 ? (1 << 20) : size(random);
        ASSERT_EQ(
            run_and_check(make(variant(), n, ElementType::Int32, OpKind::Add, trial % 2 == 0), 5),
            "");
        ASSERT_EQ(run_and_check(make(variant(), n, ElementType::Float32, OpKind::Add, true), 6),
                  "");
    }
}

TEST_P(EveryVariant, RefusesWhatItCannotTake) {
    RunRequest r = make(variant(), 0, ElementType::Int32, OpKind::Add, false);
    EXPECT_NE(check_request(r).find("at least 1"), std::string::npos);
    if (variant().max_n) {
        r.n = variant().max_n + 1;
        EXPECT_NE(check_request(r).find("one block"), std::string::npos) << check_request(r);
        EXPECT_THROW(run_emulated(r, std::vector<std::uint32_t>(std::size_t(r.n))), BadRequest);
    }
    r.n = 10;
    r.banks = 24;
    EXPECT_NE(check_request(r).find("16 or 32"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Emulation, EveryVariant, testing::ValuesIn(correct_variants()), name_of);

TEST(Emulation, PaddedBlellochForSixteenBanksIsStillRight) {
    RunRequest r =
        make(*find_variant("blelloch-padded"), 2048, ElementType::Int32, OpKind::Add, false);
    r.banks = 16;
    EXPECT_EQ(run_and_check(r, 3), "");
    r.variant = "scan-then-propagate";
    r.n = 100000;
    EXPECT_EQ(run_and_check(r, 4), "");
}

TEST(Emulation, BlockSizesChangeNothingButTheShape) {
    for (const char* key : {"scan-then-propagate", "reduce-then-scan", "decoupled-lookback",
                            "reduce-sequential", "reduce-warp-shuffle", "reduce-unrolled-warp"}) {
        for (int threads : {32, 64, 256, 1024}) {
            RunRequest r = make(*find_variant(key), 5000, ElementType::Int32, OpKind::Add, true);
            if (threads < find_variant(key)->min_threads) continue;
            r.block_threads = threads;
            EXPECT_EQ(run_and_check(r, 8), "") << key << " with " << threads << " threads";
        }
    }
}

// The timed shapes (large tiles, several rows per thread) from the same source: tile edges, a
// partial last row, a partial last vector, many tiles.
TEST(Emulation, TimedShapesAreRightToo) {
    for (const VariantInfo& v : all_variants()) {
        if (!v.multi_block) continue;
        for (int n : {1, 3, 4, 5, 127, 128, 129, 4095, 4096, 4097, 8191, 12289, 100003}) {
            for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
                for (OpKind op : {OpKind::Add, OpKind::Max}) {
                    const bool scan = v.algorithm == Algorithm::Scan;
                    RunRequest r = make(v, n, type, op, scan && n % 2 == 1);
                    r.shape = KernelShape::Timed;
                    ASSERT_EQ(run_and_check(r, std::uint64_t(n) + 3), "") << "timed shape";
                }
            }
        }
    }
}

// From 2^22 elements the timed single-pass scan takes its large tiles (80 elements per thread).
TEST(Emulation, LargeTimedLookbackTilesAreRight) {
    RunRequest r =
        make(*find_variant("decoupled-lookback"), kernels::DecoupledLookbackPolicy::kLargeFrom + 5,
             ElementType::Int32, OpKind::Add, true);
    r.shape = KernelShape::Timed;
    EXPECT_EQ(describe_shape(r),
              "512 threads/block, 80 elements per thread (20 rows of 4, one 16-byte access each on "
              "the GPU)");
    EXPECT_EQ(run_and_check(r, 12), "");
    r.block_threads = 1024;
    EXPECT_NE(check_request(r).find("at most 512 threads"), std::string::npos) << check_request(r);
}

TEST(Emulation, TheInPlaceRaceGoesWrongAcrossWarps) {
    const RunRequest r =
        make(*find_variant("hillis-steele-inplace"), 256, ElementType::Int32, OpKind::Add, true);
    const auto input = int_bits(std::vector<std::int32_t>(256, 1));
    const auto output = as_ints(run_emulated(r, input));
    for (int i = 0; i < 32; ++i)
        EXPECT_EQ(output[std::size_t(i)], i + 1) << "warp 0 reads before it writes";
    int wrong = 0;
    for (int i = 32; i < 256; ++i)
        wrong += output[std::size_t(i)] != i + 1;
    EXPECT_GT(wrong, 0) << "later warps read what earlier warps already overwrote";
}

}  // namespace
}  // namespace scanscope::test
