// Stream compaction in one block: the kept elements at the front, in order, the count in the
// trace, the flags' exclusive scan in shared memory at the scatter. Expected values worked by
// hand (or by std::copy_if, tests/support/reference.h), never by ScanScope's code.
#include <gtest/gtest.h>

#include "capture/capture.h"
#include "support/reference.h"

namespace scanscope::test {
namespace {

Trace compact(const std::vector<std::int32_t>& values) {
    RunRequest r;
    r.variant = "compact";
    r.n = int(values.size());
    return capture_trace(r, int_bits(values), DeviceChoice::Cpu);
}

std::vector<std::int32_t> shared_ints(const Step& step) {
    return as_ints(step.shared);
}

TEST(Compact, KeepsTheNonZeroInOrderAndCountsThem) {
    const Trace t = compact({3, 0, 7, 0, 4, 0, 6, 3});
    EXPECT_EQ(as_ints(t.output), (std::vector<std::int32_t>{3, 7, 4, 6, 3, 0, 0, 0}));
    const Launch& l = t.launches.at(0);
    ASSERT_EQ(l.globals.size(), 1u);
    EXPECT_EQ(l.globals[0].name, "kept");
    EXPECT_EQ(l.globals[0].values, std::vector<std::uint64_t>{5});
    // Flags 1 0 1 0 1 0 1 1; their exclusive sum, each kept element's place in the output.
    EXPECT_EQ(shared_ints(l.steps.front()), (std::vector<std::int32_t>{1, 0, 1, 0, 1, 0, 1, 1}));
    EXPECT_EQ(shared_ints(l.steps.back()), (std::vector<std::int32_t>{0, 1, 1, 2, 2, 3, 3, 4}));
    // 8 elements: the flag step, 3 up-sweep levels, the root, 3 down-sweep levels, the scatter.
    EXPECT_EQ(t.frame_count(), 9u);
}

TEST(Compact, EdgeCases) {
    const std::vector<std::vector<std::int32_t>> inputs = {
        {0},          {5},        {0, 0, 0, 0, 0},      {1, 2, 3, 4, 5},
        {0, 0, 0, 9}, {-1, 0, 1}, {7, 0, 0, 0, 0, 0, 0}};
    for (const auto& in : inputs) {
        const Trace t = compact(in);
        EXPECT_EQ(check_output(int_bits(in), t.output, ElementType::Int32, OpKind::Add,
                               Algorithm::Compact, false),
                  "")
            << in.size() << " values";
    }
}

TEST(Compact, RandomSizesAgainstCopyIf) {
    for (int n : {2, 3, 31, 100, 513, 1000, 2047, 2048})
        for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
            std::vector<std::uint32_t> input = random_input(n, type, std::uint64_t(n));
            // Every third element 0, so that a third are dropped.
            for (std::size_t i = 0; i < input.size(); i += 3)
                input[i] = 0;
            RunRequest r;
            r.variant = "compact";
            r.n = n;
            r.type = type;
            const Trace t = capture_trace(r, input, DeviceChoice::Cpu);
            EXPECT_EQ(check_output(input, t.output, type, OpKind::Add, Algorithm::Compact, false),
                      "")
                << n;
        }
}

}  // namespace
}  // namespace scanscope::test
