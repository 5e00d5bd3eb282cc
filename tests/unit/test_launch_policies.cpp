// Each variant's launch, as its policy beside its kernel gives it: the timed tiles bench/tuning.md
// records for each size, and the teaching blocks sized from n. The numbers are the ones the
// sweeps chose (bench/tuning.md), written here by hand.
#include <gtest/gtest.h>

#include "variants/registry.h"

namespace scanscope::test {
namespace {

struct Launch {
    int threads, items;
};

Launch launch_of(const char* variant, int n, KernelShape shape) {
    const VariantInfo& v = *find_variant(variant);
    return {default_block_threads(v, n, shape), items_per_thread(v, n, shape)};
}

void expect(const char* variant, int n, KernelShape shape, Launch want) {
    const Launch got = launch_of(variant, n, shape);
    EXPECT_EQ(got.threads, want.threads) << variant << " n = " << n;
    EXPECT_EQ(got.items, want.items) << variant << " n = " << n;
}

TEST(LaunchPolicies, TimedTilesAreTheOnesTheSweepsChose) {
    const KernelShape timed = KernelShape::Timed;
    expect("decoupled-lookback", (1 << 22) - 1, timed, {256, 16});
    expect("decoupled-lookback", 1 << 22, timed, {512, 80});
    expect("pipelined-lookback", 1 << 20, timed, {512, 32});
    expect("staged-lookback", (1 << 24) - 1, timed, {256, 32});
    expect("staged-lookback", 1 << 24, timed, {256, 52});
    expect("staged-lookback", 1 << 25, timed, {512, 52});
    expect("compact-lookback", (1 << 22) - 1, timed, {512, 16});
    expect("compact-lookback", 1 << 22, timed, {512, 32});
    expect("reduce-warp-shuffle", 1 << 24, timed, {512, 16});
    expect("scan-then-propagate", 1 << 24, timed, {512, 2});
    expect("reduce-then-scan", 1 << 24, timed, {512, 2});
    expect("reduce-first-add", 1 << 24, timed, {256, 2});
    expect("reduce-unrolled-warp", 1 << 24, timed, {256, 2});
    expect("reduce-sequential", 1 << 24, timed, {256, 1});
    expect("reduce-interleaved-divergent", 1 << 24, timed, {256, 1});
}

TEST(LaunchPolicies, TeachingBlocksAreSizedFromN) {
    const KernelShape teaching = KernelShape::Teaching;
    // One element a thread, at most 128 threads for a scan: 100 elements take 128.
    expect("decoupled-lookback", 100, teaching, {128, 1});
    expect("decoupled-lookback", 20, teaching, {32, 1});  // whole warps
    // Two a thread: 100 elements, 64 threads.
    expect("scan-then-propagate", 100, teaching, {64, 2});
    // Reductions: at most 256 threads; two a thread for the first add.
    expect("reduce-sequential", 1000, teaching, {256, 1});
    expect("reduce-first-add", 100, teaching, {64, 2});
    expect("reduce-unrolled-warp", 8, teaching, {64, 2});  // its smallest block
    // Single-block variants size their one block themselves.
    expect("blelloch", 100, teaching, {0, 1});
}

}  // namespace
}  // namespace scanscope::test
