// The benchmark on the GPU: every figure comes with its copy and CUB references and a checked
// result. (How fast is for scanscope bench to say, not a test.)
#include <gtest/gtest.h>

#include "bench/bench.h"
#include "device/device_info.h"

namespace scanscope {
namespace {

TEST(GpuBench, RowsCarryReferencesAndChecks) {
    if (!probe_device().gpu_available)
        GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    BenchOptions o;
    o.variants = {"decoupled-lookback", "scan-then-propagate", "reduce-warp-shuffle"};
    o.sizes = {1 << 16, 1 << 20};
    o.reps = 5;
    o.device = DeviceChoice::Gpu;
    const BenchReport r = run_bench(o);
    int timed = 0, copies = 0, cubs = 0, captures = 0;
    for (const BenchRow& row : r.rows) {
        EXPECT_GT(row.time.median_ms, 0.0) << row.what;
        if (row.where == "gpu" && row.what.find("CUB") == std::string::npos &&
            row.what != "device copy") {
            ++timed;
            EXPECT_EQ(row.check, "ok") << row.what << " n=" << row.n;
            EXPECT_GT(row.vs_copy, 0.0);
            EXPECT_GT(row.vs_cub, 0.0);
        }
        copies += row.what == "device copy";
        cubs += row.what.find("CUB") == 0;
        if (row.where == "gpu capture") {
            ++captures;
            EXPECT_GT(row.vs_plain, 0.0);
        }
    }
    EXPECT_EQ(timed, 6);
    EXPECT_EQ(copies, 4) << "a scan copy and a reduce copy at each size";
    EXPECT_EQ(cubs, 4);
    EXPECT_EQ(captures, 3) << "capture overhead at 2^16 only";
}

// NVBench's cold measurement (--flush-l2): the same rows, each checked, and the settings say how
// the runs were taken, so a figure is never read as the other kind.
TEST(GpuBench, FlushedL2RunsAreCheckedAndSaidSo) {
    if (!probe_device().gpu_available)
        GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    BenchOptions o;
    o.variants = {"staged-lookback", "reduce-warp-shuffle"};
    o.sizes = {(1 << 20) + 3};
    o.reps = 3;
    o.device = DeviceChoice::Gpu;
    o.cpu_baselines = false;
    o.flush_l2 = true;
    const BenchReport flushed = run_bench(o);
    EXPECT_NE(flushed.settings.find("L2 flushed"), std::string::npos) << flushed.settings;
    int checked = 0;
    for (const BenchRow& row : flushed.rows) {
        EXPECT_GT(row.time.median_ms, 0.0) << row.what;
        if (!row.check.empty()) {
            EXPECT_EQ(row.check, "ok") << row.what;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4) << "two variants and their CUB references";
    o.flush_l2 = false;
    EXPECT_EQ(run_bench(o).settings.find("L2 flushed"), std::string::npos);
}

}  // namespace
}  // namespace scanscope
