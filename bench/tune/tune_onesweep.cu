// Sweeps the timed shapes of radix-sort-onesweep (keys a thread in a pass's tile, blocks an SM at
// least; the histogram's keys a thread) on the GPU, beside CUB's
// DeviceRadixSort::SortKeys and a device copy of the keys in the same run: int32 keys of all 32
// bits, four passes. OnesweepPolicy (kernels/scan/lookback_policies.h) comes from its output;
// bench/tuning.md records the runs.
//
//   scanscope_tune_onesweep [--sizes 20,24,28] [--reps 30]
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "probe_timer.cuh"
#include "variants/drivers.h"

namespace scanscope {
namespace {

struct Problem {
    int n;
    RunRequest request;
    std::vector<int> host, expected;
};

Problem make_problem(int log_n) {
    const int n = 1 << log_n;
    Problem p{n, {}, std::vector<int>(std::size_t(n)), {}};
    p.request.variant = "radix-sort-onesweep";
    p.request.n = n;
    p.request.key_bits = 32;
    p.request.shape = KernelShape::Timed;
    std::mt19937 bits{std::uint32_t(n)};
    for (int& k : p.host)
        k = int(bits());
    p.expected = p.host;
    std::sort(p.expected.begin(), p.expected.end());
    return p;
}

void check(const Problem& p, GpuLauncher& l, const int* out, const char* what) {
    std::vector<int> got(p.expected.size());
    l.download(got.data(), out, got.size());
    if (got != p.expected) {
        std::printf("%s: WRONG RESULT\n", what);
        std::exit(1);
    }
}

template <int Rows, int HistogramRows, int HistogramVec, int MinBlocks>
void shape_row(const Problem& p, int* in, int* out, int reps, double copy_ms, double cub_ms) {
    using Pass = kernels::OnesweepPass<int, Rows, MinBlocks>;
    cudaFuncAttributes a;
    SS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel_entry<PlainMode, Pass>()));
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            kernels::radix_sort_onesweep<GpuLauncher, int, Rows, HistogramRows, HistogramVec,
                                         MinBlocks>(l, p.request, in, out, 256);
        },
        [&](GpuLauncher& l) { check(p, l, out, "onesweep"); });
    GpuLauncher probe;
    const int resident =
        probe.resident_blocks(LaunchShape{"pass", 1, 256, Pass::shared_bytes(256)},
                              Pass{nullptr, nullptr, 0, 0, 32, nullptr, {}, nullptr});
    std::printf(
        "onesweep  rows %2d  min blocks/SM %d  histogram %d x %d  regs %3d  local %3zu B  "
        "blocks/GPU"
        " %4d  %9.4f ms  x copy %6.3f  x CUB %.3f\n",
        Rows, MinBlocks, HistogramRows, HistogramVec, a.numRegs, a.localSizeBytes, resident, ms,
        ms / copy_ms, ms / cub_ms);
}

// The histogram and its scan alone: what the passes' share is.
template <int HistogramRows, int HistogramVec>
void histogram_row(const Problem& p, int* in, int reps, double copy_ms) {
    using Histogram = kernels::OnesweepHistogram<int, HistogramRows, HistogramVec>;
    const double ms = time_driver(reps, [&](GpuLauncher& l) {
        int* counts = l.alloc<int>(4 * 256);
        SS_CUDA_CHECK(cudaMemsetAsync(counts, 0, 4 * 256 * 4, l.stream()));
        Histogram h{in, p.n, 32, counts};
        LaunchShape shape{"digit histograms", 1, 256, Histogram::shared_bytes(4)};
        shape.grid = std::min(ceil_div(p.n, 256 * HistogramRows * HistogramVec),
                              l.resident_blocks(shape, h));
        l.launch(shape, h);
        l.launch({"digit starts", 4, 256, 128}, kernels::ScanDigitCounts{counts, nullptr});
    });
    std::printf("histogram %d x %d (and its memset and scan)  %9.4f ms  x copy %.3f\n",
                HistogramRows, HistogramVec, ms, ms / copy_ms);
}

void sweep(int log_n, int reps) {
    const Problem p = make_problem(log_n);
    GpuLauncher data;
    int* in = data.alloc<int>(p.host.size());
    int* out = data.alloc<int>(p.host.size());
    data.upload(in, p.host.data(), p.host.size());
    const std::size_t bytes = std::size_t(p.n) * 4;
    int* to = data.alloc<int>(p.host.size());
    data.synchronize();
    const double copy_ms = time_driver(reps, [&](GpuLauncher& l) {
        SS_CUDA_CHECK(cudaMemcpyAsync(to, in, bytes, cudaMemcpyDeviceToDevice, l.stream()));
    });
    std::size_t temp_bytes = 0;
    SS_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, in, out, p.n));
    void* temp = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&temp, temp_bytes));
    const double cub_ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            SS_CUDA_CHECK(
                cub::DeviceRadixSort::SortKeys(temp, temp_bytes, in, out, p.n, 0, 32, l.stream()));
        },
        [&](GpuLauncher& l) { check(p, l, out, "CUB"); });
    SS_CUDA_CHECK(cudaFree(temp));
    std::printf("\n== n = 2^%d: copy of %.0f MB %.4f ms (%.0f GB/s); CUB SortKeys %.4f ms\n", log_n,
                double(bytes) / 1e6, copy_ms, 2.0 * double(bytes) / copy_ms / 1e6, cub_ms);
    histogram_row<4, 4>(p, in, reps, copy_ms);
    histogram_row<2, 2>(p, in, reps, copy_ms);
    histogram_row<1, 4>(p, in, reps, copy_ms);
    shape_row<24, 1, 4, 1>(p, in, out, reps, copy_ms, cub_ms);
    shape_row<20, 1, 4, 4>(p, in, out, reps, copy_ms, cub_ms);
    shape_row<24, 1, 4, 4>(p, in, out, reps, copy_ms, cub_ms);
    shape_row<26, 1, 4, 4>(p, in, out, reps, copy_ms, cub_ms);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    return scanscope::run_sweeps(argc, argv, "scanscope_tune_onesweep", scanscope::sweep);
}
