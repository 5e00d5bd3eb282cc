// A trace edited so that it still agrees with itself is caught by replaying its variant: every real
// trace replays (CPU captures of every variant, and the GPU's captures in tests/data), and each
// edit that first_inconsistency lets through (a block sum, a relabelled variant, a duplicated
// launch, a look-back's published value with the reads that saw it, the events' order, a status)
// is named. On a GPU trace the look-back's order is the GPU's, but what each tile publishes is not.
#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/consistency.h"
#include "capture/capture.h"
#include "capture/replay_check.h"
#include "model/trace_json.h"
#include "platform/data_dir.h"
#include "support/cpu_capture.h"
#include "support/process.h"

namespace scanscope::test {
namespace {

Trace captured(const std::string& variant, int n, ElementType type = ElementType::Int32,
               bool inclusive = false, int block_threads = 0) {
    return captured_on_cpu(variant, n, type, inclusive, block_threads, 5);
}

Trace gpu_trace(const char* name) {
    return load_trace(std::string(SCANSCOPE_TEST_DATA) + "/gpu-traces/" + name);
}

// The edit passes the self-consistency check (else it proves nothing here), and the replay
// names it, with `says` in its sentence.
void expect_caught(const Trace& edited, const std::string& says, const std::string& what) {
    EXPECT_EQ(first_inconsistency(edited), "") << what << ": not an edit within range";
    const std::string difference = first_replay_difference(edited);
    EXPECT_NE(difference, "") << what;
    EXPECT_NE(difference.find(says), std::string::npos) << what << ": " << difference;
}

TEST(ReplayCheck, EveryRealTraceReplays) {
    for (const VariantInfo& v : all_variants())
        for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
            const int n = v.max_n ? std::min(v.max_n, 200) : 700;
            EXPECT_EQ(first_replay_difference(captured(v.key, n, type, true)), "") << v.key;
        }
    for (const char* name : {"bl-gpu.json", "lb-gpu.json", "mb-gpu.json"})
        EXPECT_EQ(first_replay_difference(gpu_trace(name)), "") << name;
}

TEST(ReplayCheck, ABlockSumThatDoesNotAddUpIsCaught) {
    Trace t = captured("scan-then-propagate", 1000, ElementType::Int32, true, 64);
    GlobalBuffer& sums = t.launches[0].globals.at(0);
    ASSERT_EQ(sums.name, "block sums");
    sums.values[3] += 1;  // 171 for a block whose elements add up to 170
    expect_caught(t, "global buffers", "block sum");
}

TEST(ReplayCheck, AVariantRelabelledAsAnotherIsCaught) {
    Trace t = captured("blelloch", 64);
    t.request.variant = "blelloch-padded";
    bind_variant(t.request);
    const std::string difference = first_replay_difference(t);
    EXPECT_NE(difference, "");
}

TEST(ReplayCheck, ADuplicatedLaunchIsCaught) {
    Trace t = captured("scan-then-propagate", 1000, ElementType::Int32, true, 64);
    t.launches.push_back(t.launches.back());
    expect_caught(t, "launches", "duplicated launch");
}

// A tile's published value changed, and every read that saw it changed to match: the events
// still agree with each other.
void edit_publish(Launch& launch, std::uint32_t tile, TileStatus status, std::uint32_t delta) {
    for (TileEvent& e : launch.events)
        if (e.target == tile && TileStatus(e.status) == status) e.value += delta;
}

TEST(ReplayCheck, AnEditedLookBackIsCaughtOnTheCpu) {
    const Trace original = captured("decoupled-lookback", 300, ElementType::Int32, true, 32);
    ASSERT_EQ(first_replay_difference(original), "");
    Trace value = original;
    edit_publish(value.launches[0], 2, TileStatus::Aggregate, 1);
    expect_caught(value, "look-back events", "a published aggregate");

    Trace order = original;
    auto& events = order.launches[0].events;
    ASSERT_GT(events.size(), 4u);
    std::swap(events[1], events[3]);
    expect_caught(order, "look-back events", "the events' order");
}

TEST(ReplayCheck, AnEditedLookBackIsCaughtOnAGpuTrace) {
    Trace value = gpu_trace("lb-gpu.json");
    edit_publish(value.launches[0], 5, TileStatus::Prefix, 1);
    expect_caught(value, "tile 5 publishes", "a published prefix");

    Trace status = gpu_trace("lb-gpu.json");
    for (TileEvent& e : status.launches[0].events)
        if (e.target == 7 && TileStatus(e.status) == TileStatus::Aggregate)
            e.status = std::uint16_t(TileStatus::Prefix);
    EXPECT_NE(first_replay_difference(status), "") << "an aggregate relabelled a prefix";

    // The GPU's order is its own: the same events in another order still replay.
    Trace reordered = gpu_trace("lb-gpu.json");
    std::reverse(reordered.launches[0].events.begin(), reordered.launches[0].events.end());
    EXPECT_EQ(first_replay_difference(reordered), "");
}

TEST(ReplayCheck, AnalyzeRefusesATraceItsVariantDoesNotMake) {
    Trace t = captured("scan-then-propagate", 1000, ElementType::Int32, true, 64);
    t.launches[0].globals.at(0).values[1] += 1;
    const std::string file = ::testing::TempDir() + "/replay-edited.json";
    save_trace(t, file);
    const ProcessResult r = run_process(scanscope_binary(), {"analyze", "--trace", file});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("global buffers are not what scan-then-propagate leaves"),
              std::string::npos)
        << r.output;
}

}  // namespace
}  // namespace scanscope::test

namespace scanscope::test {
namespace {

// A student's trace is not replayed, but its listing must be a kernel file whose card is the
// trace's: a built-in's trace relabelled as a student's (with a wrong output) is named.
TEST(ReplayCheck, ABuiltInTraceRelabelledAsAStudentsIsCaught) {
    const std::string file = ::testing::TempDir() + "/replay-student.json";
    const ProcessResult r = run_process(
        scanscope_binary(), {"capture", "--kernel", data_path("assets/templates/student_scan.h"),
                             "--n", "64", "--out", file});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(first_replay_difference(load_trace(file)), "");

    Trace relabelled = captured("blelloch", 64);
    relabelled.request.variant = "student/not_blelloch";
    relabelled.output[5] += 1;
    save_trace(relabelled, file);
    const std::string difference = first_replay_difference(load_trace(file));
    EXPECT_NE(difference.find("its listing is not one"), std::string::npos) << difference;
}

}  // namespace
}  // namespace scanscope::test
