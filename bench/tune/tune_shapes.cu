// Sweeps the timed shapes of decoupled-lookback and reduce-warp-shuffle (rows per thread, threads
// per block) on the GPU, beside a device copy and CUB in the same run, for int32 +. The shapes in
// kernels/variants/kernel_shape.h were chosen from its output; bench/tuning.md records the runs.
//
//   scanscope_tune [--sizes 20,24,28] [--reps 30]
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "core/ops.h"
#include "gpu/gpu_launcher.cuh"
#include "gpu/gpu_timing.cuh"
#include "variants/drivers.h"

namespace scanscope {
namespace {

using Op = AddOp<int>;

double median_ms(int reps, cudaStream_t stream, const std::function<void()>& run) {
    for (int w = 0; w < 3; ++w)
        run();
    EventTimer timer;
    std::vector<double> samples;
    for (int i = 0; i < reps; ++i) {
        timer.start(stream);
        run();
        samples.push_back(timer.stop(stream));
    }
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

struct Bench {
    int n;
    int reps;
    GpuLauncher launcher;
    int* in = nullptr;
    int* out = nullptr;
    std::vector<int> host;
    std::vector<int> expected_scan;
    long long expected_sum = 0;

    Bench(int n_, int reps_) : n(n_), reps(reps_), host(std::size_t(n_)) {
        for (int i = 0; i < n; ++i)
            host[std::size_t(i)] = 1 + (i * 7 + i / 3) % 7;
        expected_scan.resize(host.size());
        long long running = 0;
        for (std::size_t i = 0; i < host.size(); ++i)
            expected_scan[i] = int(running += host[i]);
        expected_sum = running;
        in = launcher.alloc<int>(host.size());
        out = launcher.alloc<int>(host.size());
        launcher.upload(in, host.data(), host.size());
        launcher.keep_allocations();
    }

    // Runs `driver` once and checks, then returns its median time.
    double time(const std::function<void()>& driver, bool scan, const char* what) {
        launcher.rewind();
        SS_CUDA_CHECK(cudaMemsetAsync(out, 0, std::size_t(n) * 4, launcher.stream()));
        driver();
        std::vector<int> got(scan ? std::size_t(n) : 1);
        launcher.download(got.data(), out, got.size());
        const bool ok = scan ? got == expected_scan : got[0] == int(expected_sum);
        if (!ok) {
            std::printf("%s: WRONG RESULT\n", what);
            std::exit(1);
        }
        return median_ms(reps, launcher.stream(), [&] {
            launcher.rewind();
            driver();
        });
    }
};

template <int Rows>
void lookback_row(Bench& b, double copy_ms, double cub_ms) {
    for (int threads : {128, 256, 512}) {
        const double ms = b.time(
            [&] {
                kernels::decoupled_lookback<GpuLauncher, int, Op, Rows, 4>(b.launcher, b.in, b.out,
                                                                           b.n, true, threads);
            },
            true, "lookback");
        cudaFuncAttributes a;
        SS_CUDA_CHECK(cudaFuncGetAttributes(
            &a, block_kernel<PlainMode, kernels::DecoupledLookbackScan<int, Op, Rows, 4>>));
        std::printf(
            "lookback   rows %2d x4  threads %4d  regs %3d  %9.4f ms  x copy %.3f  x CUB %.3f\n",
            Rows, threads, a.numRegs, ms, ms / copy_ms, ms / cub_ms);
    }
}

template <int Rows>
void reduce_row(Bench& b, double copy_ms, double cub_ms) {
    for (int threads : {128, 256, 512}) {
        const double ms = b.time(
            [&] {
                kernels::reduce_passes<kernels::ReduceWarpShuffle<int, Op, Rows, 4>, GpuLauncher>(
                    b.launcher, b.in, b.out, b.n, threads);
            },
            false, "reduce");
        std::printf(
            "reduce     rows %2d x4  threads %4d           %9.4f ms  x copy %.3f  x CUB %.3f\n",
            Rows, threads, ms, ms / copy_ms, ms / cub_ms);
    }
}

void sweep(int log_n, int reps) {
    Bench b(1 << log_n, reps);
    const cudaStream_t s = b.launcher.stream();
    const std::size_t bytes = std::size_t(b.n) * 4;
    void* copy_to = b.launcher.alloc<int>(std::size_t(b.n));
    const double copy_ms = median_ms(reps, s, [&] {
        SS_CUDA_CHECK(cudaMemcpyAsync(copy_to, b.in, bytes, cudaMemcpyDeviceToDevice, s));
    });
    const double half_copy_ms = median_ms(reps, s, [&] {
        SS_CUDA_CHECK(cudaMemcpyAsync(copy_to, b.in, bytes / 2, cudaMemcpyDeviceToDevice, s));
    });
    std::size_t scan_temp = 0, reduce_temp = 0;
    SS_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, scan_temp, b.in, b.out, b.n, s));
    SS_CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, reduce_temp, b.in, b.out, b.n, s));
    void* temp = b.launcher.alloc<char>(std::max(scan_temp, reduce_temp));
    b.launcher.keep_allocations();
    const double cub_scan_ms = b.time(
        [&] { SS_CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, scan_temp, b.in, b.out, b.n, s)); },
        true, "CUB scan");
    const double cub_reduce_ms = b.time(
        [&] { SS_CUDA_CHECK(cub::DeviceReduce::Sum(temp, reduce_temp, b.in, b.out, b.n, s)); },
        false, "CUB reduce");
    std::printf(
        "\n== n = 2^%d: copy %.4f ms (%.0f GB/s), CUB InclusiveSum %.4f ms (x copy %.3f), "
        "half copy %.4f ms, CUB Reduce::Sum %.4f ms (x half copy %.3f)\n",
        log_n, copy_ms, 2.0 * double(bytes) / copy_ms / 1e6, cub_scan_ms, cub_scan_ms / copy_ms,
        half_copy_ms, cub_reduce_ms, cub_reduce_ms / half_copy_ms);
    lookback_row<2>(b, copy_ms, cub_scan_ms);
    lookback_row<3>(b, copy_ms, cub_scan_ms);
    lookback_row<4>(b, copy_ms, cub_scan_ms);
    lookback_row<6>(b, copy_ms, cub_scan_ms);
    lookback_row<8>(b, copy_ms, cub_scan_ms);
    reduce_row<2>(b, half_copy_ms, cub_reduce_ms);
    reduce_row<4>(b, half_copy_ms, cub_reduce_ms);
    reduce_row<8>(b, half_copy_ms, cub_reduce_ms);
    reduce_row<16>(b, half_copy_ms, cub_reduce_ms);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    std::vector<int> sizes = {20, 24, 28};
    int reps = 30;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--sizes") == 0) {
            sizes.clear();
            for (char* p = std::strtok(argv[i + 1], ","); p; p = std::strtok(nullptr, ","))
                sizes.push_back(std::atoi(p));
        }
    }
    try {
        for (int log_n : sizes)
            scanscope::sweep(log_n, reps);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "scanscope_tune: %s\n", e.what());
        return 1;
    }
    return 0;
}
