// The capture's own consistency, on the emulation (the GPU tests run the same checks on the GPU).
#include <gtest/gtest.h>

#include "analysis/consistency.h"
#include "capture/capture.h"
#include "model/input_values.h"
#include "model/trace_queries.h"
#include "support/reference.h"
#include "support/trace_checks.h"

namespace scanscope::test {
namespace {

TEST(TraceChecks, SnapshotsFollowTheRecordedWrites) {
    for (const VariantInfo& v : all_variants()) {
        for (int n : {8, 1000, 4096}) {
            if (v.max_n && n > v.max_n) continue;
            RunRequest r;
            r.variant = v.key;
            r.n = n;
            const Trace t =
                capture_trace(r, random_values(n, ElementType::Int32, 2), DeviceChoice::Cpu);
            EXPECT_EQ(first_inconsistency(t), "") << v.key << " n=" << n;
        }
    }
}

class SinglePass : public testing::TestWithParam<const char*> {};

TEST_P(SinglePass, LookbackDescriptorsAreWellOrderedInEverySeededSchedule) {
    for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
        RunRequest r;
        r.variant = GetParam();
        r.n = 5000;
        r.block_threads = 32;
        r.schedule_seed = seed;
        const Trace t =
            capture_trace(r, random_values(r.n, ElementType::Int32, seed), DeviceChoice::Cpu);
        EXPECT_EQ(check_lookback(t), "") << "seed " << seed;
        std::size_t aggregates_seen = 0;
        for (const TileEvent& e : t.launches[0].events)
            aggregates_seen += e.kind == std::uint16_t(TileEventKind::Read) &&
                               TileStatus(e.status) == TileStatus::Aggregate;
        EXPECT_GT(aggregates_seen, 0u)
            << "interleaved tiles look back past aggregates, not only prefixes";
    }
}

INSTANTIATE_TEST_SUITE_P(Scans, SinglePass,
                         testing::Values("decoupled-lookback", "pipelined-lookback",
                                         "staged-lookback"),
                         [](const testing::TestParamInfo<const char*>& param) {
                             const std::string key = param.param;
                             return key.substr(0, key.find('-'));
                         });

// Every look-back's descriptor is tied to the block and step that looked back for it (the
// look-back view's panels follow them), in each single-pass kernel that logs look-backs; a radix
// sort's tile has a descriptor for each digit, all looked back for in one step.
// check_lookback takes a tile of one element a thread unless told: a timed capture's tiles of
// many (decoupled-lookback's small tiles: 16 a thread of 256, 4096 a tile) are refused, not
// checked against sums of the wrong elements, and pass when the tile is given.
TEST(TraceChecks, LookbackCheckRefusesTilesOfAnotherSize) {
    RunRequest r;
    r.variant = "decoupled-lookback";
    r.n = 3 * 4096 + 100;
    r.shape = KernelShape::Timed;
    const Trace t = capture_trace(r, random_values(r.n, ElementType::Int32, 5), DeviceChoice::Cpu);
    ASSERT_EQ(t.launches.at(0).tile_count(), 4);
    EXPECT_NE(check_lookback(t).find("do not cover"), std::string::npos) << check_lookback(t);
    EXPECT_EQ(check_lookback(t, 4096), "");
    EXPECT_NE(check_lookback(t, 8192).find("do not cover"), std::string::npos)
        << "four tiles of 8192: the last would be empty";
    EXPECT_NE(check_lookback(t, 4000), "") << "tiles of 4000 cover it, but sum the wrong elements";
}

TEST(TraceChecks, EveryLookBackIsTiedToItsBlockAndStep) {
    for (const char* variant :
         {"decoupled-lookback", "compact-lookback", "segmented-lookback", "radix-sort-onesweep"}) {
        RunRequest r;
        r.variant = variant;
        r.n = 1536;
        const Trace t =
            capture_trace(r, random_values(r.n, ElementType::Int32, 5), DeviceChoice::Cpu);
        const int l = lookback_launch(t);
        ASSERT_GE(l, 0) << variant;
        const Launch& launch = t.launches[std::size_t(l)];
        const std::vector<TileWork> work = tiles_worked(t);
        ASSERT_EQ(int(work.size()), launch.tile_count()) << variant;
        for (std::size_t d = 0; d < work.size(); ++d) {
            ASSERT_GE(work[d].block, 0) << variant << ": descriptor " << d;
            const int per_tile = std::string(variant) == "radix-sort-onesweep" ? 256 : 1;
            EXPECT_EQ(launch.tile_of_block(work[d].block), int(d) / per_tile)
                << variant << ": descriptor " << d;
        }
    }
}

// The pipelined scan deals tiles round its blocks: block b takes tiles b, b + G, ... and each
// tile's aggregate goes out before the look-backs that need it, one tile early.
TEST(TraceChecks, PipelinedBlocksTakeEveryGthTileAndPublishAggregatesAhead) {
    RunRequest r;
    r.variant = "pipelined-lookback";
    r.n = 512;
    r.block_threads = 32;
    const Trace t = capture_trace(r, random_values(r.n, ElementType::Int32, 3), DeviceChoice::Cpu);
    const Launch& launch = t.launches[0];
    ASSERT_EQ(launch.grid, 4);
    ASSERT_EQ(launch.tile_count(), 16);
    const std::vector<TileWork> work = tiles_worked(t);
    ASSERT_EQ(work.size(), 16u);
    for (int tile = 0; tile < 16; ++tile)
        EXPECT_EQ(work[std::size_t(tile)].block, tile % 4);
    // Block 1 publishes tile 5's aggregate before it publishes tile 1's prefix.
    int aggregate_5 = -1, prefix_1 = -1;
    for (std::size_t i = 0; i < launch.events.size(); ++i) {
        const TileEvent& e = launch.events[i];
        if (e.kind != std::uint16_t(TileEventKind::Publish)) continue;
        if (e.tile == 5 && TileStatus(e.status) == TileStatus::Aggregate) aggregate_5 = int(i);
        if (e.tile == 1 && TileStatus(e.status) == TileStatus::Prefix) prefix_1 = int(i);
    }
    ASSERT_GE(aggregate_5, 0);
    EXPECT_LT(aggregate_5, prefix_1);
}

}  // namespace
}  // namespace scanscope::test
