// On the GPU machine: the plain kernels against std::inclusive_scan and friends, the GPU's traces
// against the emulation's, the single-pass scan's descriptors. Skipped where there is no GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "analysis/consistency.h"
#include "analysis/hazards.h"
#include "capture/capture.h"
#include "device/device_info.h"
#include "model/input_values.h"
#include "scan/pipelined_lookback.h"
#include "support/reference.h"
#include "support/trace_checks.h"
#include "support/trace_diff.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

class OnGpu : public testing::Test {
  protected:
    void SetUp() override {
        if (!probe_device().gpu_available)
            GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    }
};

RunRequest make(const std::string& variant, int n, ElementType type, OpKind op, bool inclusive) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.type = type;
    r.op = op;
    r.inclusive = find_variant(variant)->algorithm == Algorithm::Scan && inclusive;
    return r;
}

std::string run_and_check(const RunRequest& r, std::uint64_t seed) {
    const auto input = random_input(r.n, r.type, seed);
    const auto output = run_on_gpu(r, input);
    const std::string problem = check_run(r, input, output);
    return problem.empty() ? problem : r.variant + " n=" + std::to_string(r.n) + ": " + problem;
}

class GpuEveryVariant : public OnGpu, public testing::WithParamInterface<std::string> {};

TEST_P(GpuEveryVariant, EveryNUpTo2048) {
    const VariantInfo& v = *find_variant(GetParam());
    const int largest = v.max_n ? v.max_n : 2048;
    for (int n = 1; n <= largest; ++n)
        for (bool inclusive : {false, true}) {
            if (inclusive && v.algorithm == Algorithm::Reduce) continue;
            ASSERT_EQ(run_and_check(make(v.key, n, ElementType::Int32, OpKind::Add, inclusive),
                                    std::uint64_t(n)),
                      "");
        }
}

TEST_P(GpuEveryVariant, FloatsAndMax) {
    const VariantInfo& v = *find_variant(GetParam());
    for (int n : {1, 33, 1000, 1024, 2048, 100000, 1 << 20}) {
        if (v.max_n && n > v.max_n) continue;
        for (ElementType type : {ElementType::Int32, ElementType::Float32})
            for (OpKind op : {OpKind::Add, OpKind::Max})
                ASSERT_EQ(run_and_check(make(v.key, n, type, op, true), 17), "");
    }
}

TEST_P(GpuEveryVariant, RandomNUpTo2To20) {
    const VariantInfo& v = *find_variant(GetParam());
    if (v.max_n) GTEST_SKIP() << v.key << " scans one block";
    std::mt19937 random(7);
    std::uniform_int_distribution<int> size(2049, 1 << 20);
    for (int trial = 0; trial < 20; ++trial)
        ASSERT_EQ(
            run_and_check(make(v.key, size(random), ElementType::Int32, OpKind::Add, trial % 2), 9),
            "");
}

std::vector<std::string> correct_variants() {
    std::vector<std::string> keys;
    for (const VariantInfo& v : all_variants())
        if (!v.expects_hazards) keys.push_back(v.key);
    return keys;
}

std::string name_of(const testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Gpu, GpuEveryVariant, testing::ValuesIn(correct_variants()), name_of);

// The timed shapes run 16-byte loads and stores on the GPU (the emulation never does): every n
// up to 2048 covers each partial last vector and row, the larger ones many tiles.
TEST_F(OnGpu, TimedShapesAreRight) {
    std::vector<int> sizes;
    for (int n = 1; n <= 2048; ++n)
        sizes.push_back(n);
    for (int n : {4095, 4096, 4097, 65536 + 3, 1 << 20, (1 << 22) + 5})
        sizes.push_back(n);
    for (const VariantInfo& v : all_variants()) {
        if (!v.multi_block) continue;
        const bool scan = v.algorithm == Algorithm::Scan;
        for (int n : sizes) {
            RunRequest r = make(v.key, n, ElementType::Int32, OpKind::Add, scan && n % 2 == 0);
            r.shape = KernelShape::Timed;
            ASSERT_EQ(run_and_check(r, std::uint64_t(n)), "") << "timed shape";
        }
        for (ElementType type : {ElementType::Int32, ElementType::Float32}) {
            RunRequest r = make(v.key, 1000003, type, OpKind::Max, scan);
            r.shape = KernelShape::Timed;
            ASSERT_EQ(run_and_check(r, 4), "") << "timed shape";
        }
    }
}

// What you see is what ran: for integer data, the GPU's trace and the emulation's are identical.
TEST_F(OnGpu, TracesEqualTheEmulation) {
    for (const VariantInfo& v : all_variants()) {
        if (!v.deterministic) continue;
        for (int n : {8, 16, 1000, 1024, 4096}) {
            if (v.max_n && n > v.max_n) continue;
            for (auto [op, inclusive] :
                 {std::pair{OpKind::Add, false}, {OpKind::Add, true}, {OpKind::Max, true}}) {
                const RunRequest r = make(v.key, n, ElementType::Int32, op, inclusive);
                const auto input = random_values(n, ElementType::Int32, std::uint64_t(n));
                const Trace gpu = capture_trace(r, input, DeviceChoice::Gpu);
                const Trace cpu = capture_trace(r, input, DeviceChoice::Cpu);
                EXPECT_EQ(gpu.source.kind, "gpu");
                EXPECT_EQ(first_difference(gpu, cpu), "")
                    << v.key << " n=" << n << " op=" << op_name(op);
                EXPECT_EQ(first_inconsistency(gpu), "") << v.key << " n=" << n;
            }
        }
    }
}

TEST_F(OnGpu, TimedShapeTracesEqualTheEmulation) {
    for (const VariantInfo& v : all_variants()) {
        if (!v.deterministic || !v.multi_block) continue;
        RunRequest r = make(v.key, 5000, ElementType::Int32, OpKind::Add, true);
        r.shape = KernelShape::Timed;
        const auto input = random_values(r.n, ElementType::Int32, 5);
        const Trace gpu = capture_trace(r, input, DeviceChoice::Gpu);
        EXPECT_EQ(first_difference(gpu, capture_trace(r, input, DeviceChoice::Cpu)), "") << v.key;
    }
}

// What the hardware decides in a look-back: the order (and clocks) of its events, and so what the
// look-back's shuffles add up (the descriptors as they were when read). Removed from a trace, with
// every shuffle of a look-back step (in pipelined-lookback that step also scans the next tile:
// its shared-memory accesses and snapshots are still compared).
void drop_lookback_order(Trace& t) {
    for (Launch& launch : t.launches) {
        launch.events.clear();
        for (Step& step : launch.steps)
            if (step.line == kernels::PipelinedLookbackLine::LookBack)
                step.accesses.erase(std::remove_if(step.accesses.begin(), step.accesses.end(),
                                                   [](const WarpAccess& a) {
                                                       return a.kind == AccessKind::Shuffle;
                                                   }),
                                    step.accesses.end());
    }
}

// The pipelined scan deals its tiles round the blocks, the emulation's way and the GPU's alike:
// for integer data its trace equals the emulation's in everything but the look-back's order.
TEST_F(OnGpu, PipelinedTracesEqualTheEmulationButTheEventOrder) {
    for (int n : {8, 1000, 4096}) {
        for (auto [op, inclusive] : {std::pair{OpKind::Add, false}, {OpKind::Max, true}}) {
            RunRequest r = make("pipelined-lookback", n, ElementType::Int32, op, inclusive);
            r.block_threads = 32;
            const auto input = random_values(n, ElementType::Int32, std::uint64_t(n));
            Trace gpu = capture_trace(r, input, DeviceChoice::Gpu);
            Trace cpu = capture_trace(r, input, DeviceChoice::Cpu);
            EXPECT_EQ(gpu.source.kind, "gpu");
            EXPECT_EQ(first_inconsistency(gpu), "") << "n=" << n;
            drop_lookback_order(gpu);
            drop_lookback_order(cpu);
            EXPECT_EQ(first_difference(gpu, cpu), "") << "n=" << n << " op=" << op_name(op);
        }
    }
}

TEST_F(OnGpu, LookbackDescriptorsAreWellOrdered) {
    for (int n : {1000, 4096, 65536}) {
        for (int threads : {32, 128}) {
            for (const char* variant :
                 {"decoupled-lookback", "pipelined-lookback", "staged-lookback"}) {
                RunRequest r = make(variant, n, ElementType::Int32, OpKind::Add, true);
                r.block_threads = threads;
                const auto input = random_values(n, ElementType::Int32, std::uint64_t(n));
                const Trace gpu = capture_trace(r, input, DeviceChoice::Gpu);
                EXPECT_EQ(check_output(input, gpu.output, r.type, r.op, Algorithm::Scan, true), "");
                EXPECT_EQ(check_lookback(gpu), "")
                    << variant << " n=" << n << " threads=" << threads;
                EXPECT_EQ(first_inconsistency(gpu), "")
                    << variant << " n=" << n << " threads=" << threads;
            }
        }
    }
}

TEST_F(OnGpu, InPlaceRaceShowsItsHazards) {
    const RunRequest r = make("hillis-steele-inplace", 1024, ElementType::Int32, OpKind::Add, true);
    const Trace gpu =
        capture_trace(r, random_values(1024, ElementType::Int32, 1), DeviceChoice::Gpu);
    EXPECT_GT(find_hazards(gpu).total, 0u);
    // Whatever order the hardware gave the racing warps, the trace agrees with itself.
    EXPECT_EQ(first_inconsistency(gpu), "");
}

}  // namespace
}  // namespace scanscope::test
