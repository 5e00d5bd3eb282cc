// Sweeps the timed shapes of compact-lookback (rows per thread, threads per block) on the GPU,
// beside CUB's DeviceSelect::If and a device copy of the bytes a compaction must move (read n,
// write the kept), in the same run, int32, half the values 0 at random places. The shapes in
// CompactLookbackPolicy (kernels/scan/lookback_policies.h) come from its output; bench/tuning.md
// records the runs.
//
//   [SCANSCOPE_TUNE_ROWS=4,8,16,20,24] [SCANSCOPE_TUNE_THREADS=128,256,512]
//   [SCANSCOPE_TUNE_L2_ONLY=0,1]
//   scanscope_tune_compact [--sizes 20,24,28] [--reps 30]
//
// (Rows 12 are built too. Blocks of 160 threads fit three an SM at 16 to 24 rows; none was faster,
// bench/tuning.md, the twenty-first session.)
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "probe_timer.cuh"
#include "variants/drivers.h"

namespace scanscope {
namespace {

struct NotZero {
    __host__ __device__ bool operator()(int x) const { return x != 0; }
};

struct Bench {
    int n;
    int reps;
    GpuLauncher data;
    int* in = nullptr;
    int* out = nullptr;
    std::vector<int> host, expected;

    Bench(int n_, int reps_) : n(n_), reps(reps_), host(std::size_t(n_)) {
        std::mt19937 bits{std::uint32_t(n_)};
        for (int& x : host)
            x = (bits() & 1) ? 0 : 1 + int(bits() % 7);
        std::copy_if(host.begin(), host.end(), std::back_inserter(expected),
                     [](int x) { return x != 0; });
        in = data.alloc<int>(host.size());
        out = data.alloc<int>(host.size());
        data.upload(in, host.data(), host.size());
        data.synchronize();
    }

    // Runs `driver` once on a zeroed output and checks the kept elements, then returns its median
    // time.
    double time(const std::function<void(GpuLauncher&)>& driver, bool check, const char* what) {
        SS_CUDA_CHECK(cudaMemset(out, 0, std::size_t(n) * 4));
        SS_CUDA_CHECK(cudaDeviceSynchronize());  // before the launcher's own stream starts
        return time_driver(reps, driver, [&](GpuLauncher& launcher) {
            std::vector<int> got(expected.size());
            launcher.download(got.data(), out, got.size());
            if (check && got != expected) {
                std::printf("%s: WRONG RESULT\n", what);
                std::exit(1);
            }
        });
    }
};

// A comma-separated list of numbers from the environment, or `fallback`.
std::vector<int> env_list(const char* name, std::vector<int> fallback) {
    const char* text = std::getenv(name);
    if (!text || !*text) return fallback;
    std::vector<int> list;
    for (const char* at = text; *at;) {
        list.push_back(std::atoi(at));
        while (*at && *at != ',')
            ++at;
        if (*at == ',') ++at;
    }
    return list;
}

// One shape, its loads cached in the L1 and the L2 (as the small tiles') or the L2 only (as
// CompactLookbackPolicy::Large's).
template <int Rows, bool L2Only>
void compact_shape(Bench& b, int threads, double copy_ms, double cub_ms) {
    using Kernel = kernels::CompactLookback<int, Rows, 4, L2Only>;
    const double ms = b.time(
        [&](GpuLauncher& l) {
            kernels::compact_lookback<GpuLauncher, int, Rows, 4, L2Only>(
                l, b.in, b.out, b.n, threads, KernelShape::Timed);
        },
        true, "compact");
    cudaFuncAttributes a;
    SS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel_entry<PlainMode, Kernel>()));
    int per_sm = 0;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, kernel_entry<PlainMode, Kernel>(), threads, Kernel::shared_bytes(threads)));
    std::printf(
        "compact    rows %2d x4  threads %4d  loads %-6s  regs %3d  local %3zu B  %d an SM  %9.4f "
        "ms  x copy %.3f  x CUB %.3f\n",
        Rows, threads, L2Only ? "L2" : "L1+L2", a.numRegs, a.localSizeBytes, per_sm, ms,
        ms / copy_ms, ms / cub_ms);
}

template <int Rows>
void compact_row(Bench& b, double copy_ms, double cub_ms) {
    const std::vector<int> rows = env_list("SCANSCOPE_TUNE_ROWS", {4, 8, 16, 20, 24});
    if (std::find(rows.begin(), rows.end(), Rows) == rows.end()) return;
    const std::vector<int> l2_only = env_list("SCANSCOPE_TUNE_L2_ONLY", {0, 1});
    for (int threads : env_list("SCANSCOPE_TUNE_THREADS", {128, 256, 512}))
        for (int l2 : l2_only) {
            if (l2)
                compact_shape<Rows, true>(b, threads, copy_ms, cub_ms);
            else
                compact_shape<Rows, false>(b, threads, copy_ms, cub_ms);
        }
}

void sweep(int log_n, int reps) {
    Bench b(1 << log_n, reps);
    // A copy of the bytes a compaction moves: half read, half written.
    const std::size_t bytes = (std::size_t(b.n) + b.expected.size()) * 4 / 2;
    int* from = b.data.alloc<int>(bytes / 4 + 1);
    int* to = b.data.alloc<int>(bytes / 4 + 1);
    int* count = b.data.alloc<int>(1);
    std::size_t temp_bytes = 0;
    SS_CUDA_CHECK(cub::DeviceSelect::If(nullptr, temp_bytes, b.in, b.out, count, b.n, NotZero{}));
    void* temp = b.data.alloc<char>(temp_bytes);
    b.data.synchronize();
    const double copy_ms = b.time(
        [&](GpuLauncher& l) {
            SS_CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToDevice, l.stream()));
        },
        false, "copy");
    const double cub_ms = b.time(
        [&](GpuLauncher& l) {
            SS_CUDA_CHECK(cub::DeviceSelect::If(temp, temp_bytes, b.in, b.out, count, b.n,
                                                NotZero{}, l.stream()));
        },
        true, "CUB DeviceSelect::If");
    std::printf(
        "\n== n = 2^%d, %zu kept: copy of %.0f MB %.4f ms (%.0f GB/s), CUB If %.4f ms "
        "(x copy %.3f)\n",
        log_n, b.expected.size(), double(bytes) / 1e6, copy_ms, 2.0 * double(bytes) / copy_ms / 1e6,
        cub_ms, cub_ms / copy_ms);
    compact_row<4>(b, copy_ms, cub_ms);
    compact_row<8>(b, copy_ms, cub_ms);
    compact_row<12>(b, copy_ms, cub_ms);
    compact_row<16>(b, copy_ms, cub_ms);
    compact_row<20>(b, copy_ms, cub_ms);
    compact_row<24>(b, copy_ms, cub_ms);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    return scanscope::run_sweeps(argc, argv, "scanscope_tune_compact", scanscope::sweep);
}
