// Stream compaction in one pass with decoupled look-back (compact-lookback), emulated: the kept
// elements at the front in order, the count kept, each tile's descriptor a count of kept
// elements. Expected values worked by hand or by std::copy_if (tests/support/reference.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <string>

#include "capture/capture.h"
#include "core/bits.h"
#include "core/tile_descriptor.h"
#include "emu/emu_launcher.h"
#include "model/trace_json.h"
#include "scan/lookback_policies.h"
#include "scenes/views.h"
#include "support/reference.h"
#include "support/repeated_runs.h"
#include "support/trace_checks.h"
#include "variants/drivers.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

RunRequest request(int n, ElementType type = ElementType::Int32) {
    RunRequest r;
    r.variant = "compact-lookback";
    r.n = n;
    r.type = type;
    return r;
}

// 70 elements, x[i] = i except every multiple of 3 is 0, in tiles of 32: tile 0 (0..31) drops
// 0, 3, ..., 30 (11 zeros) and keeps 21; tile 1 (32..63) drops 33, ..., 63 (11) and keeps 21;
// tile 2 (64..69) drops 66 and 69 and keeps 4. Inclusive prefixes 21, 42, 46; 46 kept.
TEST(CompactLookback, TilesCountTheirKeptElementsAndLookBackForTheRest) {
    std::vector<std::int32_t> values(70);
    std::vector<std::int32_t> kept;
    for (int i = 0; i < 70; ++i) {
        values[std::size_t(i)] = i % 3 == 0 ? 0 : i;
        if (i % 3) kept.push_back(i);
    }
    RunRequest r = request(70);
    r.block_threads = 32;
    const Trace t = capture_trace(r, int_bits(values), DeviceChoice::Cpu);
    ASSERT_EQ(kept.size(), 46u);
    kept.resize(70, 0);  // the words past the kept ones stay as a fresh buffer has them
    EXPECT_EQ(as_ints(t.output), kept);
    const Launch& l = t.launches.at(0);
    EXPECT_EQ(global_named(l, "kept").values, std::vector<std::uint64_t>{46});
    const GlobalBuffer& descriptors = global_named(l, "tile descriptors");
    ASSERT_EQ(descriptors.values.size(), 3u);
    const std::vector<std::uint32_t> prefixes = {21, 42, 46};
    for (std::size_t tile = 0; tile < 3; ++tile) {
        const TileDescriptor d = unpack_descriptor(descriptors.values[tile]);
        EXPECT_EQ(d.status, TileStatus::Prefix) << "tile " << tile;
        EXPECT_EQ(d.value, prefixes[tile]) << "tile " << tile;
    }
    EXPECT_EQ(default_view(t), ViewKind::LookBack);
    EXPECT_FALSE(view_applies(ViewKind::Scatter, t)) << "its flags are in registers";
}

TEST(CompactLookback, AllKeptNoneKeptAndAwkwardSizes) {
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (int n : {1, 2, 31, 33, 1000, 4095, 4096, 4097, 12289, 100003})
            for (int zero_every : {1, 2, 3, 0}) {  // all dropped, half, a third, none
                for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
                    RunRequest r = request(n, type);
                    r.shape = shape;
                    std::vector<std::uint32_t> input = random_input(n, type, std::uint64_t(n));
                    for (int i = 0; zero_every && i < n; i += zero_every)
                        input[std::size_t(i)] = 0;
                    const auto output = run_emulated(r, input);
                    EXPECT_EQ(
                        check_output(input, output, type, OpKind::Add, Algorithm::Compact, false),
                        "")
                        << "n = " << n << ", every " << zero_every << "th dropped, "
                        << (shape == KernelShape::Timed ? "timed" : "teaching");
                }
            }
}

// Stretches of 4096 all kept (each row's count in a warp at its most, 128: what a byte of the
// packed counts holds) between stretches with every other one dropped.
std::vector<std::uint32_t> kept_in_stretches(int n, ElementType type) {
    std::vector<std::uint32_t> input = random_input(n, type, 5);
    for (std::size_t i = 0; i < input.size(); ++i)
        input[i] = (i / 4096) % 2 ? (i % 2 ? 0 : input[i]) : (input[i] | 1u);
    return input;
}

// From kMiddleFrom the timed compaction takes 32 elements per thread, from kLargeFrom 96.
TEST(CompactLookback, LargeTimedTilesAreRight) {
    using Policy = kernels::CompactLookbackPolicy;
    RunRequest r = request(Policy::kMiddleFrom + 7);
    r.shape = KernelShape::Timed;
    EXPECT_EQ(describe_shape(r),
              "512 threads/block, 32 elements per thread (8 rows of 4, one 16-byte access each on "
              "the GPU)");
    const std::vector<std::uint32_t> input = kept_in_stretches(r.n, r.type);
    EXPECT_EQ(
        check_output(input, run_emulated(r, input), r.type, OpKind::Add, Algorithm::Compact, false),
        "");

    RunRequest large = request(Policy::kLargeFrom + 7);
    large.shape = KernelShape::Timed;
    EXPECT_EQ(describe_shape(large),
              "256 threads/block, 96 elements per thread (24 rows of 4, one 16-byte access each on "
              "the GPU)");
}

// The large tiles themselves, emulated on a few tiles' worth (kLargeFrom elements would take the
// emulation a while): three tiles and a part.
TEST(CompactLookback, TheLargeTileIsRightOnAFewTiles) {
    using Large = kernels::CompactLookbackPolicy::Large;
    const int n = 3 * Large::rows * Large::vec * Large::threads + 7;
    const std::vector<std::uint32_t> bits = kept_in_stretches(n, ElementType::Int32);
    const std::vector<std::int32_t> input(bits.begin(), bits.end());
    std::vector<std::int32_t> expected;
    std::copy_if(input.begin(), input.end(), std::back_inserter(expected),
                 [](std::int32_t x) { return x != 0; });
    emu::EmuLauncher launcher;
    std::int32_t* in = launcher.alloc<std::int32_t>(input.size());
    std::int32_t* out = launcher.alloc<std::int32_t>(input.size());
    launcher.upload(in, input.data(), input.size());
    kernels::compact_lookback<emu::EmuLauncher, std::int32_t, Large::rows, Large::vec,
                              LoadsL2Only<Large>::value>(launcher, in, out, n, Large::threads,
                                                         KernelShape::Timed);
    std::vector<std::int32_t> got(expected.size());
    launcher.download(got.data(), out, got.size());
    EXPECT_EQ(got, expected);
}

// A float compaction's look-back carries counts: its file says 5, not the float whose bits are 5,
// and reads back the same.
TEST(CompactLookback, ItsCountsAreIntegersInAFloatTrace) {
    RunRequest r = request(40, ElementType::Float32);
    r.block_threads = 32;
    std::vector<std::uint32_t> input(40, to_bits(1.5f));
    for (int i = 32; i < 40; i += 2)
        input[std::size_t(i)] = to_bits(0.0f);  // tile 1 keeps 4 of its 8
    const Trace t = capture_trace(r, input, DeviceChoice::Cpu);
    const nlohmann::ordered_json j = trace_to_json(t);
    const auto& globals = j["launches"][0]["globals"];
    EXPECT_EQ(globals[1]["name"], "kept");
    EXPECT_EQ(globals[1]["values"][0], 36);
    EXPECT_EQ(globals[0]["values"][1][1], 36);  // tile 1's inclusive prefix: 32 + 4
    const Trace back = trace_from_json(nlohmann::json::parse(j.dump()));
    EXPECT_EQ(back.launches[0].globals, t.launches[0].globals);
    ASSERT_EQ(back.launches[0].events.size(), t.launches[0].events.size());
    for (std::size_t i = 0; i < t.launches[0].events.size(); ++i)
        EXPECT_EQ(back.launches[0].events[i].value, t.launches[0].events[i].value) << i;
}

// The timing loops run the compaction again and again on the same buffers: each launch must find
// its descriptors and tile counter ready, as the launch before left them. The output is filled
// with -1 before each launch: the words past the kept ones must stay so.
TEST(CompactLookback, TimedRunsAgainOnTheSameBuffersStayRight) {
    for (int threads : {32, 512}) {
        RunRequest r = request(threads == 32 ? 40 * 512 + 3 : 100003);
        r.shape = KernelShape::Timed;
        r.block_threads = threads;
        ASSERT_TRUE(bind_variant(r));
        EXPECT_EQ(check_repeated_runs(
                      r, 4, 3,
                      [](const auto& input, auto output) {
                          const auto kept = std::size_t(std::count_if(
                              input.begin(), input.end(), [](std::uint32_t x) { return x != 0; }));
                          for (std::size_t i = kept; i < output.size(); ++i) {
                              if (output[i] != ~0u)
                                  return "element " + std::to_string(i) +
                                         " was written, past the kept ones";
                              output[i] = 0;
                          }
                          return check_output(input, output, ElementType::Int32, OpKind::Add,
                                              Algorithm::Compact, false);
                      }),
                  "")
            << threads << " threads";
    }
}

}  // namespace
}  // namespace scanscope::test
