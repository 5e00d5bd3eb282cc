// The segmented scan in one pass with decoupled look-back (segmented-lookback), emulated: each
// segment scanned on its own across tiles, a tile with a head publishing its carry at once as its
// prefix. Expected values worked by hand or by std::exclusive_scan over each segment
// (tests/support/reference.h).
#include <gtest/gtest.h>

#include <map>

#include "analysis/banks.h"
#include "analysis/hazards.h"
#include "capture/capture.h"
#include "core/tile_descriptor.h"
#include "scan/lookback_policies.h"
#include "scan/segmented_lookback.h"
#include "support/reference.h"
#include "support/trace_checks.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

RunRequest request(int n, std::vector<int> heads, OpKind op = OpKind::Add, bool inclusive = false) {
    RunRequest r;
    r.variant = "segmented-lookback";
    r.n = n;
    r.heads = std::move(heads);
    r.op = op;
    r.inclusive = inclusive;
    return r;
}

using Published = std::vector<std::pair<TileStatus, std::uint32_t>>;

// Each tile's descriptors, in the order it published them.
std::map<int, Published> published_by_tile(const Launch& l) {
    std::map<int, Published> published;
    for (const TileEvent& e : l.events)
        if (e.kind == std::uint16_t(TileEventKind::Publish))
            published[int(e.tile)].push_back({TileStatus(e.status), std::uint32_t(e.value)});
    return published;
}

// How many descriptors each tile read in its look-back.
std::map<int, int> reads_by_tile(const Launch& l) {
    std::map<int, int> reads;
    for (const TileEvent& e : l.events)
        if (e.kind == std::uint16_t(TileEventKind::Read)) ++reads[int(e.tile)];
    return reads;
}

// 96 ones in tiles of 32, heads at 40 and 50: tile 0 (the first) knows it has nothing before it
// (prefix 32); tile 1 (32..63) has both heads, so it publishes its carry, the 14 ones from 50 to
// 63, as its prefix at once, with no aggregate; tile 2 has no head, but its warp 0 reads the 32
// elements before it (32..63) and finds head 50 among them: it too knows what comes before it, 14,
// and publishes its prefix 14 + 32 = 46 at once. The output counts from each head: 0..39, 0..9
// from 40, 0..45 from 50.
TEST(SegmentedLookback, ATileWithAHeadPublishesItsCarryAtOnce) {
    RunRequest r = request(96, {40, 50});
    r.block_threads = 32;
    const Trace t = capture_trace(r, std::vector<std::uint32_t>(96, 1u), DeviceChoice::Cpu);
    std::vector<std::int32_t> want;
    for (int i = 0; i < 96; ++i)
        want.push_back(i < 40 ? i : i < 50 ? i - 40 : i - 50);
    EXPECT_EQ(as_ints(t.output), want);
    auto published = published_by_tile(t.launches.at(0));
    EXPECT_EQ(published[0], (Published{{TileStatus::Prefix, 32u}}));
    EXPECT_EQ(published[1], (Published{{TileStatus::Prefix, 14u}}));
    EXPECT_EQ(published[2], (Published{{TileStatus::Prefix, 46u}}));
    EXPECT_EQ(check_lookback(t), "");
}

// Warp 0's reach is the 32 elements just before its tile (one a lane in the teaching tiles):
// 128 ones in tiles of 32, element 0 a head as always (so tile 1, whose reach is 0..31, never
// looks back). A head at 63 is tile 1's own, and lies in tile 2's reach (32..63): tile 2 publishes
// its prefix 33 (the ones from 63 to 95) reading no descriptor; tile 3's reach (64..95) has no
// head, so it publishes its aggregate and looks back. A head at 64 instead is tile 2's first
// element: tile 2's reach (32..63) has none, so it looks back (for nothing: no element of it comes
// before its head), and tile 3 finds head 64 in its reach and publishes its prefix, 64, at once.
TEST(SegmentedLookback, WarpZeroFindsAHeadJustBeforeItsTile) {
    struct Case {
        int head;
        std::vector<int> looking_back;  // tiles that read descriptors
        Published tile3;
    };
    for (const Case& c : {Case{63, {3}, {{TileStatus::Aggregate, 32u}, {TileStatus::Prefix, 65u}}},
                          Case{64, {2}, {{TileStatus::Prefix, 64u}}}}) {
        RunRequest r = request(128, {c.head});
        r.block_threads = 32;
        const Trace t = capture_trace(r, std::vector<std::uint32_t>(128, 1u), DeviceChoice::Cpu);
        std::vector<std::int32_t> want;
        for (int i = 0; i < 128; ++i)
            want.push_back(i < c.head ? i : i - c.head);
        EXPECT_EQ(as_ints(t.output), want) << "head " << c.head;
        std::vector<int> looked;
        for (auto [tile, reads] : reads_by_tile(t.launches.at(0)))
            if (reads > 0) looked.push_back(tile);
        EXPECT_EQ(looked, c.looking_back) << "head " << c.head;
        EXPECT_EQ(published_by_tile(t.launches.at(0))[3], c.tile3) << "head " << c.head;
        EXPECT_EQ(check_lookback(t), "") << "head " << c.head;
    }
}

// Every spacing of heads (every element, a few, one segment, heads on tile edges), every size
// around the tiles, both shapes, exclusive and inclusive, add and max, ints and floats.
TEST(SegmentedLookback, EachSegmentIsScannedOnItsOwn) {
    const int small = 128 * 32;  // the timed tile
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (int n : {1, 31, 32, 33, 100, small - 1, small + 1, 3 * small + 7})
            for (int every : {1, 3, 32, 127, 129, small, 0})
                for (auto [op, inclusive] :
                     {std::pair{OpKind::Add, false}, {OpKind::Max, true}, {OpKind::Add, true}})
                    for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
                        std::vector<int> heads, flags(std::size_t(n), 0);
                        flags[0] = 1;
                        for (int i = every; every > 0 && i < n; i += every) {
                            heads.push_back(i);
                            flags[std::size_t(i)] = 1;
                        }
                        RunRequest r = request(n, heads, op, inclusive);
                        r.type = type;
                        r.shape = shape;
                        r.block_threads = shape == KernelShape::Teaching ? 64 : 0;
                        const auto input = random_input(n, type, std::uint64_t(n + every));
                        EXPECT_EQ(check_segmented_output(input, flags, run_emulated(r, input), type,
                                                         op, inclusive),
                                  "")
                            << "n = " << n << ", a head every " << every << ", " << op_name(op)
                            << (inclusive ? " inclusive " : " exclusive ") << type_name(type)
                            << (shape == KernelShape::Timed ? ", timed" : ", teaching");
                    }
}

TEST(SegmentedLookback, ManyTimedTilesAreRight) {
    const int n = (1 << 22) + 9;
    std::vector<int> heads, flags(std::size_t(n), 0);
    flags[0] = 1;
    for (int i = 70000; i < n; i += 70000) {  // tiles of 4096: most have no head, none near
        heads.push_back(i);
        flags[std::size_t(i)] = 1;
    }
    RunRequest r = request(n, heads);
    r.shape = KernelShape::Timed;
    const auto input = random_input(n, r.type, 5);
    EXPECT_EQ(check_segmented_output(input, flags, run_emulated(r, input), r.type, r.op, false),
              "");
}

// The timed tiles pass each warp's rows through shared memory and back (core/warp_exchange.h):
// 8 rows of 4 at 128 threads, two tiles (blocks of 4 warps) for 5000 elements. Each warp writes
// its 32 elements a lane and reads them back, each way: 32 + 32 accesses a lane each way. With one
// word of padding after every 32, no two lanes of an access meet in a bank; the block meets at a
// barrier between the writes and the reads, which leaves no hazard.
TEST(SegmentedLookback, TheTimedTilesExchangeWithoutConflictsOrHazards) {
    RunRequest r = request(5000, {7, 300, 4500});
    r.shape = KernelShape::Timed;
    r.block_threads = 128;
    const Trace t = capture_trace(r, random_input(r.n, r.type, 9), DeviceChoice::Cpu);
    ASSERT_EQ(t.launches.size(), 1u);
    const Launch& launch = t.launches[0];
    ASSERT_EQ(launch.grid, 2);
    ASSERT_EQ(launch.arrays.size(), 6u);
    EXPECT_EQ(launch.arrays[5].name, "stage");
    EXPECT_EQ(launch.arrays[5].count, 4u * (32u * 32u + 32u));
    int stage_reads = 0, stage_writes = 0, exchange_steps = 0;
    for (const Step& step : launch.steps) {
        exchange_steps += step.line == kernels::SegmentedLookbackLine::ToBlocked ||
                          step.line == kernels::SegmentedLookbackLine::ToRows;
        for (const WarpAccess& a : step.accesses) {
            if (a.array != 5) continue;
            EXPECT_EQ(a.lanes.size(), 32u);
            (a.kind == AccessKind::Write ? stage_writes : stage_reads) += 1;
        }
    }
    EXPECT_EQ(stage_writes, 2 * 4 * 64);
    EXPECT_EQ(stage_reads, 2 * 4 * 64);
    EXPECT_EQ(exchange_steps, 2 * 2) << "each block's warps meet twice, once each way";
    const ConflictTotals banks = analyze_banks(t, BankConfig{32, 4}).totals;
    EXPECT_EQ(banks.load_conflicts + banks.store_conflicts, 0u);
    EXPECT_EQ(find_hazards(t).total, 0u);
}

}  // namespace
}  // namespace scanscope::test
