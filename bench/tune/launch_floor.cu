// What a launch costs before and after its blocks run, timed as the app times a run (behind a
// hold, events around the launch): kernels that do nothing, in staged-lookback's 2^20 grid (128
// blocks of 256 threads), with and without its 32 KiB of dynamic shared memory, launched plainly
// or cooperatively, beside cudaMemcpyAsync of 2^20 int32 values. At 2^20 a scan's time is mostly
// this: lookback_timeline's span from the first block's start to the last block's end is 3.5 us
// of 6.7 (bench/tuning.md).
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -I kernels
//        bench/tune/launch_floor.cu -o launch_floor     (one line)
//   ./launch_floor [--reps 101] [--flush-l2 1]
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"

namespace scanscope {
namespace {

// A block that does nothing; block 0's thread 0 writes one word, so the launch has an effect.
__global__ void nothing(int* sink) {
    if (blockIdx.x == 0 && threadIdx.x == 0) *sink = 1;
}

constexpr int kGrid = 128;
constexpr int kThreads = 256;
constexpr int kShared = 32 * 1024 + 65 * 4 + 4;  // staged-lookback's 8 rows at 256 threads

void report(const char* what, double ms) {
    std::printf("  %-58s %7.2f us\n", what, ms * 1e3);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    using namespace scanscope;
    int reps = 101;
    bool flush_l2 = false;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--flush-l2") == 0) flush_l2 = std::atoi(argv[i + 1]) != 0;
    }
    try {
        cudaDeviceProp prop;
        SS_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
        std::printf("%s, %d SMs%s; median of %d runs, each behind a hold\n", prop.name,
                    prop.multiProcessorCount, flush_l2 ? ", the L2 flushed before each run" : "",
                    reps);
        cudaStream_t stream;
        SS_CUDA_CHECK(cudaStreamCreate(&stream));
        L2Flush flush(flush_l2, stream);
        int* sink = nullptr;
        const std::size_t n = std::size_t(1) << 20;
        int *in = nullptr, *out = nullptr;
        SS_CUDA_CHECK(cudaMalloc(&sink, 4));
        SS_CUDA_CHECK(cudaMalloc(&in, n * 4));
        SS_CUDA_CHECK(cudaMalloc(&out, n * 4));
        SS_CUDA_CHECK(cudaMemset(in, 1, n * 4));
        SS_CUDA_CHECK(
            cudaFuncSetAttribute(nothing, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024));

        const auto plain = [&](int grid, int threads, int shared) {
            return [&, grid, threads, shared] {
                nothing<<<grid, threads, shared, stream>>>(sink);
                SS_CUDA_CHECK_LAUNCH();
            };
        };
        const auto cooperative = [&](int shared) {
            return [&, shared] {
                void* args[] = {&sink};
                SS_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(nothing),
                                                          kGrid, kThreads, args, shared, stream));
            };
        };
        const auto copy = [&] {
            SS_CUDA_CHECK(cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice, stream));
        };
        for (int round = 1; round <= 2; ++round) {
            std::printf("round %d\n", round);
            report("1 block of 32 threads",
                   middle_run_ms(stream, reps, plain(1, 32, 0), true, flush));
            report("128 x 256, no shared memory",
                   middle_run_ms(stream, reps, plain(kGrid, kThreads, 0), true, flush));
            report("128 x 256, 32 KiB dynamic shared",
                   middle_run_ms(stream, reps, plain(kGrid, kThreads, kShared), true, flush));
            report("128 x 256, 32 KiB dynamic shared, cooperative",
                   middle_run_ms(stream, reps, cooperative(kShared), true, flush));
            report("128 x 256, no shared memory, cooperative",
                   middle_run_ms(stream, reps, cooperative(0), true, flush));
            report("cudaMemcpyAsync, 2^20 int32 (device to device)",
                   middle_run_ms(stream, reps, copy, true, flush));
        }
        cudaFree(sink);
        cudaFree(in);
        cudaFree(out);
        cudaStreamDestroy(stream);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "launch_floor: %s\n", e.what());
        return 1;
    }
    return 0;
}
