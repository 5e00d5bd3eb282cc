// The timing loops launch the single-pass scans again and again on the same buffers, with no memset
// between: each launch readies the other set of tile descriptors for the next
// (TileDescriptors::ready_next_launch). Here every repeat gets a different input and is checked,
// so that a descriptor or tile counter left over from the run before would show in the output.
// Skipped, never passed, where no CUDA device exists.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "device/device_info.h"
#include "gpu/gpu_launcher.cuh"
#include "scan/lookback_policies.h"
#include "variants/drivers.h"

namespace scanscope {
namespace {

using Op = AddOp<int>;
using Large = kernels::DecoupledLookbackPolicy::Large;
using Pipelined = kernels::PipelinedLookbackPolicy;
using Staged = kernels::StagedLookbackPolicy;

// Runs `driver` (in, out) `repeats` times on one launcher's buffers, rewinding between runs as
// the timing loop does, each time on fresh random input; returns the first wrong run, or -1.
// The output is the input's inclusive sum, or with `sort_bits` the input sorted (its keys then
// from 0 to 2^(sort_bits - 1), or any, so that the order of their low sort_bits bits is theirs).
template <class Driver>
int first_wrong_repeat(int n, int repeats, const Driver& driver, int sort_bits = 0) {
    GpuLauncher launcher;
    int* in = launcher.alloc<int>(std::size_t(n));
    int* out = launcher.alloc<int>(std::size_t(n));
    launcher.keep_allocations();
    std::mt19937 random{std::uint32_t(n)};
    for (int repeat = 0; repeat < repeats; ++repeat) {
        if (repeat > 0) launcher.rewind();
        std::vector<int> input(static_cast<std::size_t>(n));
        for (int& x : input)
            x = sort_bits == 32 ? int(random())
                : sort_bits     ? int(random() & ((1u << (sort_bits - 1)) - 1u))
                                : int(random() % 2001) - 1000;
        launcher.upload(in, input.data(), input.size());
        driver(launcher, in, out, n);
        std::vector<int> got(input.size()), expected(input.size());
        launcher.download(got.data(), out, got.size());
        if (sort_bits) {
            expected = input;
            std::sort(expected.begin(), expected.end());
        } else {
            std::inclusive_scan(input.begin(), input.end(), expected.begin());
        }
        if (got != expected) return repeat;
    }
    return -1;
}

class GpuRepeats : public testing::Test {
  protected:
    void SetUp() override {
        const DeviceReport& report = probe_device();
        if (!report.gpu_available) GTEST_SKIP() << "no CUDA device: " << report.cpu_reason;
    }
};

// Sizes with one round of tiles (packed descriptors) and several (one a line).
const int kSizes[] = {4097, (1 << 20) + 3, (1 << 22) + 5};

TEST_F(GpuRepeats, DecoupledLookbackFindsItsDescriptorsReady) {
    for (int n : kSizes) {
        EXPECT_EQ(
            first_wrong_repeat(
                n, 5,
                [](GpuLauncher& l, const int* in, int* out, int n) {
                    kernels::decoupled_lookback<GpuLauncher, int, Op, Large::rows, Large::vec>(
                        l, in, out, n, true, Large::threads, KernelShape::Timed);
                }),
            -1)
            << "n = " << n;
    }
}

TEST_F(GpuRepeats, PipelinedLookbackFindsItsDescriptorsReady) {
    for (int n : kSizes) {
        EXPECT_EQ(first_wrong_repeat(
                      n, 5,
                      [](GpuLauncher& l, const int* in, int* out, int n) {
                          kernels::pipelined_lookback<GpuLauncher, int, Op, Pipelined::Timed::rows,
                                                      Pipelined::Timed::vec, Pipelined::kStages>(
                              l, in, out, n, true, Pipelined::Timed::threads, KernelShape::Timed);
                      }),
                  -1)
            << "n = " << n;
    }
}

// The first wrong of five repeats of staged-lookback's timed kernel with `Rows` rows of
// 4 (the policy's vec) at `threads` threads, or -1.
template <int Rows>
int first_wrong_staged_repeat(int n, int threads) {
    return first_wrong_repeat(n, 5, [threads](GpuLauncher& l, const int* in, int* out, int n) {
        kernels::staged_lookback<GpuLauncher, int, Op, Rows, Staged::Wide::vec>(
            l, in, out, n, true, threads, KernelShape::Timed);
    });
}

TEST_F(GpuRepeats, StagedLookbackFindsItsDescriptorsReady) {
    // 2^24 + 5: the 13 rows at 256 threads, two blocks an SM, every tile dealt. 2^25 + 7: more
    // than kDealtRounds rounds of tiles in every shape, so that the tiles after the dealt
    // ones come from the counter.
    for (int n : {kSizes[0], kSizes[1], kSizes[2], (1 << 24) + 5, (1 << 25) + 7}) {
        EXPECT_EQ(first_wrong_staged_repeat<Staged::Wide::rows>(n, Staged::Wide::threads), -1)
            << "n = " << n;
        // The shape below 2^24: two blocks an SM, and at 2^20 a block for every tile (all tiles
        // dealt).
        EXPECT_EQ(first_wrong_staged_repeat<Staged::Small::rows>(n, Staged::Small::threads), -1)
            << "n = " << n << ", small shape";
        // The 13 rows at 256 threads, as from 2^24 to 2^25.
        EXPECT_EQ(first_wrong_staged_repeat<Staged::Middle::rows>(n, Staged::Middle::threads), -1)
            << "n = " << n << ", 13 rows at 256 threads";
    }
}

// The radix sort's passes take the two sets of descriptors by turns across its passes and the
// repeats, and its histograms' two sets by turns across the repeats (an odd number of passes
// too: 24 bits, three).
TEST_F(GpuRepeats, OnesweepFindsItsDescriptorsAndCountsReady) {
    using Policy = kernels::OnesweepPolicy;
    for (int key_bits : {32, 24})
        for (int n : kSizes) {
            RunRequest r;
            r.variant = "radix-sort-onesweep";
            r.n = n;
            r.key_bits = key_bits;
            r.shape = KernelShape::Timed;
            EXPECT_EQ(
                first_wrong_repeat(
                    n, 5,
                    [&](GpuLauncher& l, const int* in, int* out, int) {
                        kernels::radix_sort_onesweep<
                            GpuLauncher, int, Policy::Timed::rows, Policy::TimedHistogram::rows,
                            Policy::TimedHistogram::vec, Policy::kMinBlocksPerSm>(
                            l, r, in, out, Policy::Timed::threads);
                    },
                    key_bits),
                -1)
                << "n = " << n << ", " << key_bits << " bits";
        }
}

}  // namespace
}  // namespace scanscope
