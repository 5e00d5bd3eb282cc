// Sweeps the timed shapes of decoupled-lookback and reduce-warp-shuffle (rows per thread, threads
// per block) on the GPU, beside a device copy and CUB in the same run, for int32 +. The shapes in
// the policies beside the kernels (kernels/core/tile_policy.h) were chosen from its output;
// bench/tuning.md records the runs.
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
#include "probe_timer.cuh"
#include "variants/drivers.h"

namespace scanscope {
namespace {

using Op = AddOp<int>;

// One size's input, expected results and buffers; each configuration runs on a launcher of its
// own, whose temporaries are allocated by the first (checked) run and reused by the timed runs.
struct Bench {
    int n;
    int reps;
    GpuLauncher data;
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
        in = data.alloc<int>(host.size());
        out = data.alloc<int>(host.size());
        data.upload(in, host.data(), host.size());
        data.synchronize();
    }

    // Runs `driver` once and checks its output, then returns its median time.
    enum class Check { Scan, Reduce, None };
    double time(const std::function<void(GpuLauncher&)>& driver, Check check, const char* what) {
        GpuLauncher launcher;
        repeat_on_same_buffers(launcher);
        SS_CUDA_CHECK(cudaMemsetAsync(out, 0, std::size_t(n) * 4, launcher.stream()));
        driver(launcher);
        std::vector<int> got(check == Check::Scan ? std::size_t(n) : 1);
        launcher.download(got.data(), out, got.size());
        const bool ok = check == Check::None   ? true
                        : check == Check::Scan ? got == expected_scan
                                               : got[0] == int(expected_sum);
        if (!ok) {
            std::printf("%s: WRONG RESULT\n", what);
            std::exit(1);
        }
        return time_on_stream(launcher.stream(), TimingPlan{reps},
                              [&] {
                                  launcher.rewind();
                                  driver(launcher);
                              })
            .median_ms;
    }
};

template <int Rows>
void lookback_row(Bench& b, double copy_ms, double cub_ms) {
    for (int threads : {128, 256, 512}) {
        const double ms = b.time(
            [&](GpuLauncher& l) {
                kernels::decoupled_lookback<GpuLauncher, int, Op, Rows, 4>(
                    l, b.in, b.out, b.n, true, threads, KernelShape::Timed);
            },
            Bench::Check::Scan, "lookback");
        cudaFuncAttributes a;
        SS_CUDA_CHECK(cudaFuncGetAttributes(
            &a, kernel_entry<PlainMode, kernels::DecoupledLookbackScan<int, Op, Rows, 4>>()));
        std::printf(
            "lookback   rows %2d x4  threads %4d  regs %3d  local %3zu B  %9.4f ms  x copy %.3f  "
            "x CUB %.3f\n",
            Rows, threads, a.numRegs, a.localSizeBytes, ms, ms / copy_ms, ms / cub_ms);
    }
}

template <int Rows>
void reduce_row(Bench& b, double copy_ms, double cub_ms) {
    for (int threads : {128, 256, 512}) {
        const double ms = b.time(
            [&](GpuLauncher& l) {
                kernels::reduce_passes<kernels::ReduceWarpShuffle<int, Op, Rows, 4>, GpuLauncher>(
                    l, b.in, b.out, b.n, threads);
            },
            Bench::Check::Reduce, "reduce");
        std::printf(
            "reduce     rows %2d x4  threads %4d           %9.4f ms  x copy %.3f  x CUB "
            "%.3f\n",
            Rows, threads, ms, ms / copy_ms, ms / cub_ms);
    }
}

// The plain kernel with another pause for waiting warps (GpuBlock<Mode>::back_off).
template <unsigned Ns, bool BlockOrder>
struct PauseMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = Ns;
    static constexpr bool kTilesInBlockOrder = BlockOrder;
};

template <int Rows, unsigned Ns, bool BlockOrder = false>
void lookback_pause_row(Bench& b, int threads, double copy_ms, double cub_ms) {
    using Scan = kernels::DecoupledLookbackScan<int, Op, Rows, 4>;
    const double ms = b.time(
        [&](GpuLauncher& l) {  // kernels::decoupled_lookback, with the mode swapped
            const int tiles =
                (b.n + Scan::tile_elements(threads) - 1) / Scan::tile_elements(threads);
            int* counter = nullptr;
            const TileDescriptors descriptors =
                kernels::alloc_descriptors(l, tiles, KernelShape::Timed, 0, counter);
            LaunchEnv env;
            env.shared_bytes = 32 * 4 + 4 + 4;
            const auto entry = kernel_entry<PauseMode<Ns, BlockOrder>, Scan>();
            entry<<<tiles, threads, env.shared_bytes, l.stream()>>>(
                Scan{b.in, b.out, b.n, true, descriptors, counter}, env);
            SS_CUDA_CHECK_LAUNCH();
        },
        Bench::Check::Scan, "lookback with pause");
    std::printf(
        "lookback   rows %2d x4  threads %4d  pause %4u ns  %s  %9.4f ms  x copy %.3f  "
        "x CUB %.3f\n",
        Rows, threads, Ns, BlockOrder ? "block order" : "tickets    ", ms, ms / copy_ms,
        ms / cub_ms);
}

void sweep(int log_n, int reps) {
    Bench b(1 << log_n, reps);
    const std::size_t bytes = std::size_t(b.n) * 4;
    std::size_t scan_temp = 0, reduce_temp = 0;
    SS_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, scan_temp, b.in, b.out, b.n));
    SS_CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, reduce_temp, b.in, b.out, b.n));
    void* temp = b.data.alloc<char>(std::max(scan_temp, reduce_temp));
    b.data.synchronize();
    const double copy_ms = b.time(
        [&](GpuLauncher& l) {
            SS_CUDA_CHECK(
                cudaMemcpyAsync(b.out, b.in, bytes, cudaMemcpyDeviceToDevice, l.stream()));
        },
        Bench::Check::None, "copy");
    const double cub_scan_ms = b.time(
        [&](GpuLauncher& l) {
            SS_CUDA_CHECK(
                cub::DeviceScan::InclusiveSum(temp, scan_temp, b.in, b.out, b.n, l.stream()));
        },
        Bench::Check::Scan, "CUB scan");
    const double cub_reduce_ms = b.time(
        [&](GpuLauncher& l) {
            SS_CUDA_CHECK(cub::DeviceReduce::Sum(temp, reduce_temp, b.in, b.out, b.n, l.stream()));
        },
        Bench::Check::Reduce, "CUB reduce");
    std::printf(
        "\n== n = 2^%d: copy %.4f ms (%.0f GB/s), CUB InclusiveSum %.4f ms (x copy %.3f), "
        "CUB Reduce::Sum %.4f ms\n",
        log_n, copy_ms, 2.0 * double(bytes) / copy_ms / 1e6, cub_scan_ms, cub_scan_ms / copy_ms,
        cub_reduce_ms);
    lookback_row<4>(b, copy_ms, cub_scan_ms);
    lookback_row<8>(b, copy_ms, cub_scan_ms);
    lookback_row<16>(b, copy_ms, cub_scan_ms);
    lookback_row<20>(b, copy_ms, cub_scan_ms);
    for (int threads : {256, 512}) {
        lookback_pause_row<20, 100>(b, threads, copy_ms, cub_scan_ms);
        lookback_pause_row<20, 0, true>(b, threads, copy_ms, cub_scan_ms);
    }
    reduce_row<2>(b, copy_ms / 2, cub_reduce_ms);
    reduce_row<4>(b, copy_ms / 2, cub_reduce_ms);
    reduce_row<8>(b, copy_ms / 2, cub_reduce_ms);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    return scanscope::run_sweeps(argc, argv, "scanscope_tune", scanscope::sweep);
}
