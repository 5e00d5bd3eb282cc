// The segmented scan in one block: each segment scanned as if alone, the carry stopping at each
// head. Expected values worked by hand, or by std::inclusive_scan / std::exclusive_scan on each
// segment alone (check_segmented_output), never by ScanScope's code.
#include <gtest/gtest.h>

#include "capture/capture.h"
#include "model/trace_json.h"
#include "support/reference.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

RunRequest segmented(int n, std::vector<int> heads, OpKind op = OpKind::Add,
                     bool inclusive = false) {
    RunRequest r;
    r.variant = "segmented-scan";
    r.n = n;
    r.op = op;
    r.inclusive = inclusive;
    r.heads = std::move(heads);
    return r;
}

std::vector<std::int32_t> ints_of(const Step& step, int first, int count) {
    const auto all = as_ints(step.shared);
    return {all.begin() + first, all.begin() + first + count};
}

// 3 1 7 | 0 4 1 | 6 3 (heads at 3 and 6), worked by hand through the sweeps. Up-sweep, stride 1:
// x = 3 4 7 0 4 5 6 9, flags 1 1 0 1 0 0 1 1 (x[3] keeps its 0: a head is in it); strides 2 and
// 4 change no value (each right node holds a head) and leave the flags as they are. Down-sweep:
// 0 3 4 | 0 0 4 | 0 6.
TEST(Segmented, TheCarryStopsAtEachHead) {
    const std::vector<std::int32_t> input = {3, 1, 7, 0, 4, 1, 6, 3};
    const Trace t = capture_trace(segmented(8, {3, 6}), int_bits(input), DeviceChoice::Cpu);
    EXPECT_EQ(as_ints(t.output), (std::vector<std::int32_t>{0, 3, 4, 0, 0, 4, 0, 6}));
    const Launch& l = t.launches.at(0);
    // Load, three up-sweep levels, the root, three down-sweep levels, the store.
    ASSERT_EQ(l.steps.size(), 9u);
    const Step& up_done = l.steps[3];  // each step's memory as it ends: the last up-sweep level
    EXPECT_EQ(ints_of(up_done, 0, 8), (std::vector<std::int32_t>{3, 4, 7, 0, 4, 5, 6, 9}));
    EXPECT_EQ(ints_of(up_done, 8, 8), (std::vector<std::int32_t>{1, 1, 0, 1, 0, 0, 1, 1}));
    EXPECT_EQ(ints_of(up_done, 16, 8), (std::vector<std::int32_t>{1, 0, 0, 1, 0, 0, 1, 0}))
        << "the heads as given never change";
    EXPECT_EQ(ints_of(l.steps.back(), 0, 8), (std::vector<std::int32_t>{0, 3, 4, 0, 0, 4, 0, 6}));

    const Trace inclusive =
        capture_trace(segmented(8, {3, 6}, OpKind::Add, true), int_bits(input), DeviceChoice::Cpu);
    EXPECT_EQ(as_ints(inclusive.output), (std::vector<std::int32_t>{3, 4, 11, 0, 4, 5, 6, 9}));
    const Trace max =
        capture_trace(segmented(8, {3, 6}, OpKind::Max, true), int_bits(input), DeviceChoice::Cpu);
    EXPECT_EQ(as_ints(max.output), (std::vector<std::int32_t>{3, 3, 7, 0, 4, 4, 6, 6}));
}

TEST(Segmented, EverySizeHeadsAndOperatorAgainstEachSegmentAlone) {
    for (int n : {1, 2, 3, 8, 31, 100, 513, 1000, 2047, 2048})
        for (int every : {0, 1, 2, 5, 64})  // no heads (one segment), every element, ...
            for (ElementType type : {ElementType::Int32, ElementType::Float32})
                for (OpKind op : {OpKind::Add, OpKind::Max})
                    for (bool inclusive : {false, true}) {
                        std::vector<int> heads;
                        for (int i = 1; every && i < n; i += every)
                            heads.push_back(i);
                        RunRequest r = segmented(n, heads, op, inclusive);
                        r.type = type;
                        const auto input = random_input(n, type, std::uint64_t(n * 7 + every));
                        std::vector<int> flags(std::size_t(n), 0);
                        flags[0] = 1;
                        for (int h : heads)
                            flags[std::size_t(h)] = 1;
                        EXPECT_EQ(check_segmented_output(input, flags, run_emulated(r, input), type,
                                                         op, inclusive),
                                  "")
                            << "n = " << n << ", a head every " << every;
                    }
}

TEST(Segmented, ATraceKeepsItsHeadsAndRefusesBadOnes) {
    const Trace t =
        capture_trace(segmented(8, {3, 6}), int_bits({3, 1, 7, 0, 4, 1, 6, 3}), DeviceChoice::Cpu);
    nlohmann::json j = trace_to_json(t);
    EXPECT_EQ(j["config"]["heads"], nlohmann::json::array({3, 6}));
    EXPECT_EQ(trace_from_json(j).request.heads, (std::vector<int>{3, 6}));
    j["config"]["heads"] = nlohmann::json::array({6, 3});
    EXPECT_THROW(trace_from_json(j), TraceFormatError);
    j["config"]["heads"] = nlohmann::json::array({3, 8});
    EXPECT_THROW(trace_from_json(j), TraceFormatError);
    RunRequest scan;
    scan.variant = "blelloch";
    scan.n = 8;
    scan.heads = {3};
    EXPECT_NE(check_request(scan), "") << "only a segmented scan takes heads";
}

}  // namespace
}  // namespace scanscope::test
