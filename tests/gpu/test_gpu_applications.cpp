// On the GPU machine, the applications of scan: the single-pass compaction at every density and
// size, its traces replayed by the emulation (the single-pass scans' too), its descriptors'
// counts; the segmented scan's traces with heads equal to the emulation's; the single-pass radix
// sort. Skipped where there is no GPU.
#include <gtest/gtest.h>

#include "analysis/consistency.h"
#include "analysis/hazards.h"
#include "capture/capture.h"
#include "capture/replay_check.h"
#include "device/device_info.h"
#include "scan/lookback_policies.h"
#include "support/reference.h"
#include "support/trace_checks.h"
#include "support/trace_diff.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

class GpuApplications : public testing::Test {
  protected:
    void SetUp() override {
        if (!probe_device().gpu_available)
            GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    }
};

// Random values with every `zero_every`th one 0 (0: none; 1: all).
std::vector<std::uint32_t> with_zeros(int n, ElementType type, int zero_every) {
    std::vector<std::uint32_t> input = random_input(n, type, std::uint64_t(n) + 11);
    for (int i = 0; zero_every && i < n; i += zero_every)
        input[std::size_t(i)] = 0;
    return input;
}

TEST_F(GpuApplications, KeepsTheNonZeroAtEveryDensityAndSize) {
    const int large = kernels::CompactLookbackPolicy::kLargeFrom;
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (int n : {1, 33, 4095, 4097, 65539, 1 << 20, large - 1, large + 5, 1 << 24})
            for (int zero_every : {1, 2, 3, 0})
                for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
                    RunRequest r;
                    r.variant = "compact-lookback";
                    r.n = n;
                    r.type = type;
                    r.shape = shape;
                    const auto input = with_zeros(n, type, zero_every);
                    EXPECT_EQ(check_output(input, run_on_gpu(r, input), type, OpKind::Add,
                                           Algorithm::Compact, false),
                              "")
                        << "n = " << n << ", every " << zero_every << "th dropped, "
                        << (shape == KernelShape::Timed ? "timed" : "teaching");
                }
}

// Every keep rule, both compactions, both shapes, on the GPU as in the emulation's reference.
TEST_F(GpuApplications, KeepsWhatTheRuleSays) {
    for (const char* rule : {"even", "above 3", "above -500"})
        for (const char* variant : {"compact", "compact-lookback"})
            for (int n : {100, 2048, 1 << 20, (1 << 22) + 3})
                for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
                    if (std::string(variant) == "compact" && n > 2048) continue;
                    RunRequest r;
                    r.variant = variant;
                    r.n = n;
                    r.type = type;
                    r.shape = n > 2048 ? KernelShape::Timed : KernelShape::Teaching;
                    r.keep = parse_keep_rule(rule);
                    const auto input = random_input(n, type, std::uint64_t(n) + 17);
                    EXPECT_EQ(check_kept_output(input, run_on_gpu(r, input), type, r.keep), "")
                        << variant << " " << rule << " n = " << n;
                }
}

// What you see is what ran: a single-pass kernel's GPU trace is what the emulation does, but for
// what the GPU's schedule decides (the look-back's order, the tiles each block took), which the
// replay leaves out (capture/replay_check.h).
TEST_F(GpuApplications, SinglePassTracesReplayAsTheEmulation) {
    for (const char* variant : {"compact-lookback", "decoupled-lookback"})
        for (int n : {1000, 4096})
            for (int threads : {32, 128}) {
                RunRequest r;
                r.variant = variant;
                r.n = n;
                r.block_threads = threads;
                const Trace gpu = capture_trace(r, with_zeros(n, r.type, 3), DeviceChoice::Gpu);
                const std::string where = std::string(variant) + " n=" + std::to_string(n) +
                                          " threads=" + std::to_string(threads);
                ASSERT_EQ(gpu.source.kind, "gpu");
                EXPECT_EQ(first_replay_difference(gpu), "") << where;
                EXPECT_EQ(check_lookback(gpu), "") << where;
                EXPECT_EQ(first_inconsistency(gpu), "") << where;
            }
}

// What you see is what ran: with heads, for integer data, the segmented scan's GPU trace is the
// emulation's, access for access; and its results are each segment's own scan.
TEST_F(GpuApplications, SegmentedTracesEqualTheEmulation) {
    for (int n : {8, 100, 1000, 2048})
        for (int every : {1, 3, 64})
            for (auto [op, inclusive] : {std::pair{OpKind::Add, false}, {OpKind::Max, true}}) {
                RunRequest r;
                r.variant = "segmented-scan";
                r.n = n;
                r.op = op;
                r.inclusive = inclusive;
                std::vector<int> flags(std::size_t(n), 0);
                flags[0] = 1;
                for (int i = every; i < n; i += every) {
                    r.heads.push_back(i);
                    flags[std::size_t(i)] = 1;
                }
                const auto input = random_input(n, r.type, std::uint64_t(n + every));
                const Trace gpu = capture_trace(r, input, DeviceChoice::Gpu);
                const std::string where = "n=" + std::to_string(n) + " every " +
                                          std::to_string(every) + " " + op_name(op);
                ASSERT_EQ(gpu.source.kind, "gpu");
                EXPECT_EQ(first_difference(gpu, capture_trace(r, input, DeviceChoice::Cpu)), "")
                    << where;
                EXPECT_EQ(check_segmented_output(input, flags, gpu.output, r.type, op, inclusive),
                          "")
                    << where;
            }
}

// Heads every `every` elements (0: element 0 only), and their flags.
RunRequest with_heads(RunRequest r, int every, std::vector<int>& flags) {
    flags.assign(std::size_t(r.n), 0);
    flags[0] = 1;
    for (int i = every; every > 0 && i < r.n; i += every) {
        r.heads.push_back(i);
        flags[std::size_t(i)] = 1;
    }
    return r;
}

// The single-pass segmented scan at every spacing of heads (every element, tiles with heads and
// tiles without, one segment) and size, both shapes, inclusive and exclusive, add and max.
TEST_F(GpuApplications, SegmentedLookbackScansEachSegmentAtEverySize) {
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (int n : {1, 33, 2047, 2049, 65539, 1 << 20, (1 << 22) + 5, 1 << 24})
            for (int every : {1, 5, 4096, 50000, 0})
                for (auto [op, inclusive] :
                     {std::pair{OpKind::Add, false}, {OpKind::Max, true}, {OpKind::Add, true}}) {
                    RunRequest r;
                    r.variant = "segmented-lookback";
                    r.n = n;
                    r.op = op;
                    r.inclusive = inclusive;
                    r.shape = shape;
                    std::vector<int> flags;
                    r = with_heads(r, every, flags);
                    const auto input = random_input(n, r.type, std::uint64_t(n) + 3);
                    EXPECT_EQ(check_segmented_output(input, flags, run_on_gpu(r, input), r.type, op,
                                                     inclusive),
                              "")
                        << "n = " << n << ", a head every " << every << ", " << op_name(op)
                        << (inclusive ? " inclusive, " : " exclusive, ")
                        << (shape == KernelShape::Timed ? "timed" : "teaching");
                }
}

// Its GPU traces replay as the emulation, but for what the GPU's schedule decides; the timed
// tiles' too (their warps' rows pass through shared memory, core/warp_exchange.h).
TEST_F(GpuApplications, SegmentedLookbackTracesReplayAsTheEmulation) {
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (int n : {1000, 4096, 9000})
            for (int every : {3, 700, 0}) {
                RunRequest r;
                r.variant = "segmented-lookback";
                r.n = n;
                r.shape = shape;
                r.block_threads = shape == KernelShape::Timed ? 128 : 64;
                std::vector<int> flags;
                r = with_heads(r, every, flags);
                const auto input = random_input(n, r.type, std::uint64_t(n) + 5);
                const Trace gpu = capture_trace(r, input, DeviceChoice::Gpu);
                const std::string where = "n=" + std::to_string(n) + " every " +
                                          std::to_string(every) +
                                          (shape == KernelShape::Timed ? ", timed" : "");
                ASSERT_EQ(gpu.source.kind, "gpu");
                EXPECT_EQ(first_replay_difference(gpu), "") << where;
                EXPECT_EQ(find_hazards(gpu).total, 0u) << where;
                // (check_lookback counts one element a thread: the teaching tiles)
                if (shape == KernelShape::Teaching) {
                    EXPECT_EQ(check_lookback(gpu), "") << where;
                }
                EXPECT_EQ(first_inconsistency(gpu), "") << where;
                EXPECT_EQ(check_segmented_output(input, flags, gpu.output, r.type, r.op, false), "")
                    << where;
            }
}

// The single-pass summed-area table at every shape around its strips and bands (one column, one
// row, widths that take scalar loads, heights not a multiple of the band), both shapes, add and
// max, ints and floats; up to the 2^14 x 2^14 table the benchmark times.
TEST_F(GpuApplications, SummedAreaLookbackAddsEveryRectangle) {
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (auto [width, height] : {std::pair{1, 1},
                                     {1, 300},
                                     {300, 1},
                                     {33, 9},
                                     {130, 37},
                                     {1000, 1000},
                                     {1026, 999},
                                     {4096, 4096},
                                     {16384, 100},  // timed: wide tiles, handed down
                                     {16390, 77},
                                     {20000, 3},
                                     {1 << 14, 1 << 14}})
            for (auto [type, op] : {std::pair{ElementType::Int32, OpKind::Add},
                                    {ElementType::Int32, OpKind::Max},
                                    {ElementType::Float32, OpKind::Add}}) {
                if (width * height > (1 << 24) && (shape == KernelShape::Teaching ||
                                                   type != ElementType::Int32 || op != OpKind::Add))
                    continue;  // the largest table once, timed
                RunRequest r;
                r.variant = "summed-area-lookback";
                r.n = width * height;
                r.width = width;
                r.type = type;
                r.op = op;
                r.shape = shape;
                const auto input = random_input(r.n, type, std::uint64_t(r.n) + 7);
                EXPECT_EQ(check_summed_area_output(input, width, run_on_gpu(r, input), type, op),
                          "")
                    << width << " x " << height << " " << type_name(type) << " " << op_name(op)
                    << (shape == KernelShape::Timed ? " timed" : " teaching");
            }
}

// Its GPU traces replay as the emulation, but for what the GPU's schedule decides; each row's
// descriptors hold the row's sums.
TEST_F(GpuApplications, SummedAreaLookbackTracesReplayAsTheEmulation) {
    for (auto [width, height] : {std::pair{64, 8}, {100, 30}, {256, 16}})
        for (int threads : {32, 64}) {
            RunRequest r;
            r.variant = "summed-area-lookback";
            r.n = width * height;
            r.width = width;
            r.block_threads = threads;
            const auto input = random_input(r.n, r.type, std::uint64_t(r.n) + 5);
            const Trace gpu = capture_trace(r, input, DeviceChoice::Gpu);
            const std::string where = std::to_string(width) + " x " + std::to_string(height) +
                                      ", " + std::to_string(threads) + " threads";
            ASSERT_EQ(gpu.source.kind, "gpu");
            EXPECT_EQ(first_replay_difference(gpu), "") << where;
            EXPECT_EQ(check_row_lookback(gpu, width, 32), "") << where;
            EXPECT_EQ(first_inconsistency(gpu), "") << where;
        }
}

// The timed tiles' GPU traces too (a band of a strip each, taken by anti-diagonals; two rows of
// tiles, as many as fit a capture's 65536 entries): they replay as the emulation, each row's and
// each column's descriptors hold their sums, and every look-back waits only on tiles before it.
TEST_F(GpuApplications, SummedAreaLookbackTimedTilesReplayAsTheEmulation) {
    for (auto [width, height] : {std::pair{300, 200}, {256, 256}, {130, 129}}) {
        RunRequest r;
        r.variant = "summed-area-lookback";
        r.n = width * height;
        r.width = width;
        r.shape = KernelShape::Timed;
        const auto input = random_input(r.n, r.type, std::uint64_t(r.n) + 11);
        const Trace gpu = capture_trace(r, input, DeviceChoice::Gpu);
        const std::string where = std::to_string(width) + " x " + std::to_string(height);
        ASSERT_EQ(gpu.source.kind, "gpu");
        EXPECT_EQ(check_summed_area_output(input, width, gpu.output, r.type, r.op), "") << where;
        EXPECT_EQ(first_replay_difference(gpu), "") << where;
        EXPECT_EQ(check_row_lookback(gpu, width, 128, 128), "") << where;
        EXPECT_EQ(first_inconsistency(gpu), "") << where;
    }
}

// Onesweep on the GPU, timed and teaching tiles, against std::stable_sort (by the low bits only
// where fewer are asked for: stable across tiles and passes).
TEST_F(GpuApplications, OnesweepSortsAnyKeys) {
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (int n : {1, 255, 4097, 100003, 1 << 20, (1 << 24) + 3})
            for (ElementType type : {ElementType::Int32, ElementType::Float32})
                for (int bits : {32, 12}) {
                    if (n > (1 << 20) && (shape == KernelShape::Teaching || bits != 32)) continue;
                    RunRequest r;
                    r.variant = "radix-sort-onesweep";
                    r.n = n;
                    r.type = type;
                    r.shape = shape;
                    r.key_bits = bits;
                    const auto keys = random_keys(n, type, std::uint32_t(n + bits));
                    EXPECT_EQ(check_sorted_output(keys, run_on_gpu(r, keys), type, bits), "")
                        << "n = " << n << " " << type_name(type) << " " << bits << " bits"
                        << (shape == KernelShape::Timed ? " timed" : " teaching");
                }
}

// Its GPU traces replay as the emulation, but for what the GPU's schedule decides; each digit's
// descriptors count the digit's keys, pass after pass.
TEST_F(GpuApplications, OnesweepTracesReplayAsTheEmulation) {
    for (int n : {1000, 4096})
        for (int bits : {8, 20}) {
            RunRequest r;
            r.variant = "radix-sort-onesweep";
            r.n = n;
            r.key_bits = bits;
            const auto keys = random_keys(n, r.type, std::uint32_t(n * 3 + bits));
            const Trace gpu = capture_trace(r, keys, DeviceChoice::Gpu);
            const std::string where =
                "n = " + std::to_string(n) + ", " + std::to_string(bits) + " bits";
            ASSERT_EQ(gpu.source.kind, "gpu");
            EXPECT_EQ(check_sorted_output(keys, gpu.output, r.type, bits), "") << where;
            EXPECT_EQ(first_replay_difference(gpu), "") << where;
            EXPECT_EQ(check_digit_lookback(gpu, 256), "") << where;
            EXPECT_EQ(first_inconsistency(gpu), "") << where;
        }
}

}  // namespace
}  // namespace scanscope::test
