// Sweeps the timed shapes of segmented-lookback (rows per thread, threads per block) on the GPU,
// beside CUB's DeviceScan::ExclusiveSumByKey (one-byte keys made from the heads) and a device copy
// of the bytes a segmented scan must move (n values and n one-byte heads read, n values written),
// in the same run: int32, +, exclusive, about one element in four a head, at random (one in
// SCANSCOPE_TUNE_HEAD_EVERY where that is set: the heads' spacing decides how many tiles look
// back). The shapes in SegmentedLookbackPolicy (kernels/scan/lookback_policies.h) come from its
// output; bench/tuning.md records the runs.
//
//   scanscope_tune_segmented [--sizes 20,24,28] [--reps 30]
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "probe_timer.cuh"
#include "variants/drivers.h"

namespace scanscope {
namespace {

struct SameKey {
    __host__ __device__ bool operator()(unsigned char a, unsigned char b) const { return a == b; }
};

struct Problem {
    int n;
    RunRequest request;
    std::vector<int> host, expected;
    std::vector<unsigned char> keys;  // the segment's number mod 256, for CUB
};

Problem make_problem(int n) {
    const char* every = std::getenv("SCANSCOPE_TUNE_HEAD_EVERY");
    const unsigned head_every = every ? unsigned(std::max(1, std::atoi(every))) : 4u;
    Problem p{n,
              {},
              std::vector<int>(std::size_t(n)),
              std::vector<int>(std::size_t(n)),
              std::vector<unsigned char>(std::size_t(n))};
    p.request.variant = "segmented-lookback";
    p.request.n = n;
    p.request.shape = KernelShape::Timed;
    std::mt19937 bits{std::uint32_t(n)};
    int sum = 0;
    unsigned char segment = 0;
    for (int i = 0; i < n; ++i) {
        const bool head = i == 0 || bits() % head_every == 0;
        if (head && i > 0) {
            p.request.heads.push_back(i);
            ++segment;
        }
        if (head) sum = 0;
        p.host[std::size_t(i)] = 1 + int(bits() % 7);
        p.expected[std::size_t(i)] = sum;
        sum += p.host[std::size_t(i)];
        p.keys[std::size_t(i)] = segment;
    }
    return p;
}

template <int Rows>
void segmented_row(const Problem& p, int* in, int* out, int reps, double copy_ms, double cub_ms) {
    for (int threads : {64, 96, 128, 192, 256, 512}) {
        const double ms = time_driver(
            reps,
            [&](GpuLauncher& l) {
                kernels::segmented_lookback<GpuLauncher, int, AddOp<int>, Rows, 4>(l, p.request, in,
                                                                                   out, threads);
            },
            output_is(
                out, p.expected,
                "segmented rows " + std::to_string(Rows) + " threads " + std::to_string(threads)));
        cudaFuncAttributes a;
        SS_CUDA_CHECK(cudaFuncGetAttributes(
            &a,
            kernel_entry<PlainMode, kernels::SegmentedLookbackScan<int, AddOp<int>, Rows, 4>>()));
        std::printf(
            "segmented  rows %2d x4  threads %4d  regs %3d  local %3zu B  %9.4f ms  x copy %.3f  "
            "x CUB %.3f\n",
            Rows, threads, a.numRegs, a.localSizeBytes, ms, ms / copy_ms, ms / cub_ms);
    }
}

void sweep(int log_n, int reps) {
    const Problem p = make_problem(1 << log_n);
    GpuLauncher data;
    int* in = data.alloc<int>(p.host.size());
    int* out = data.alloc<int>(p.host.size());
    unsigned char* keys = data.alloc<unsigned char>(p.keys.size());
    data.upload(in, p.host.data(), p.host.size());
    data.upload(keys, p.keys.data(), p.keys.size());
    const std::size_t bytes = std::size_t(p.n) * 9 / 2;  // half read, half written
    char* from = data.alloc<char>(bytes);
    char* to = data.alloc<char>(bytes);
    std::size_t temp_bytes = 0;
    SS_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSumByKey(nullptr, temp_bytes, keys, in, out, p.n, SameKey{}));
    void* temp = data.alloc<char>(temp_bytes);
    data.synchronize();
    const double copy_ms = time_driver(reps, [&](GpuLauncher& l) {
        SS_CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToDevice, l.stream()));
    });
    const double cub_ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            SS_CUDA_CHECK(cub::DeviceScan::ExclusiveSumByKey(temp, temp_bytes, keys, in, out, p.n,
                                                             SameKey{}, l.stream()));
        },
        output_is(out, p.expected, "CUB"));
    std::printf(
        "\n== n = 2^%d, %zu heads: copy of %.0f MB %.4f ms (%.0f GB/s), CUB ExclusiveSumByKey "
        "%.4f ms (x copy %.3f)\n",
        log_n, p.request.heads.size() + 1, double(bytes) / 1e6, copy_ms,
        2.0 * double(bytes) / copy_ms / 1e6, cub_ms, cub_ms / copy_ms);
    segmented_row<1>(p, in, out, reps, copy_ms, cub_ms);
    segmented_row<2>(p, in, out, reps, copy_ms, cub_ms);
    segmented_row<4>(p, in, out, reps, copy_ms, cub_ms);
    segmented_row<8>(p, in, out, reps, copy_ms, cub_ms);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    return scanscope::run_sweeps(argc, argv, "scanscope_tune_segmented", scanscope::sweep);
}
