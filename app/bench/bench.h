// The benchmark: the plain kernels timed beside a device copy of the same bytes and CUB, with CPU
// baselines; the same numbers for `scanscope bench` and the Timings panel. Speed is measured
// here, side by side in one run, never in timed tests.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "capture/capture.h"
#include "variants/timing.h"

namespace scanscope {

struct BenchOptions {
    std::vector<std::string> variants;
    std::vector<std::int64_t> sizes;
    int reps = 20;  // timed runs per figure (at least 20 on the GPU)
    // GPU runs timed as queued on an idle GPU, the host's launch calls included (TimingPlan)
    bool include_launch = false;
    // GPU runs each after a flush of the L2, as NVBench's cold measurement (TimingPlan); by
    // default each follows the last over the same buffers
    bool flush_l2 = false;
    ElementType type = ElementType::Int32;
    OpKind op = OpKind::Add;
    bool inclusive = true;
    int block_threads = 0;                   // 0: the shape's block size (default_block_threads)
    KernelShape shape = KernelShape::Timed;  // the timed tiles, or the teaching (captured) ones
    DeviceChoice device = DeviceChoice::Auto;
    bool cpu_baselines = true;
    std::int64_t max_emulated_n = 1 << 20;  // the emulation is slow: larger n are skipped
};

struct BenchRow {
    std::string what;  // a variant, "device copy", "CUB ...", "CPU loop", "CPU std::...", "capture"
    std::string where;   // "gpu", "cpu", "emulation"
    std::string config;  // the launch shape, e.g. "256 threads/block, 16 elements per thread"
    std::int64_t n = 0;
    Timing time;
    double bytes = 0;     // bytes the algorithm must move
    double vs_copy = 0;   // time / the copy's time (0: no copy measured)
    double vs_cub = 0;    // time / CUB's time
    double vs_plain = 0;  // capture rows: capturing kernel / plain kernel
    std::string check;    // "ok", or what was wrong
    double gb_per_s() const { return time.median_ms > 0 ? bytes / (time.median_ms * 1e6) : 0; }
    double elements_per_s() const {
        return time.median_ms > 0 ? double(n) / (time.median_ms * 1e-3) : 0;
    }
};

struct BenchReport {
    std::string device;  // the GPU and its driver, or the CPU emulation and why
    std::string date;
    std::string settings;  // type, operator, scan kind, reps
    std::vector<BenchRow> rows;
    std::vector<std::string> notes;  // sizes skipped, and why
    // Variants whose request was refused at every size asked (e.g. a block size they cannot
    // take), with the reason: a run that timed none of a variant says so.
    std::map<std::string, std::string> refused;
};

// Progress lines as it goes; `cancel` stops it between figures.
BenchReport run_bench(const BenchOptions& options,
                      const std::function<void(const std::string&)>& progress = {},
                      const std::atomic<bool>* cancel = nullptr);

// "1024,2^20,2^10..2^28" -> sizes; throws std::invalid_argument naming the bad term.
std::vector<std::int64_t> parse_sizes(const std::string& text);

std::string format_table(const BenchReport& report);
std::string format_csv(const BenchReport& report);
std::string csv_field(const std::string& text);  // quoted where RFC 4180 needs it
std::string format_json(const BenchReport& report);

}  // namespace scanscope
