// Who moves cudaMemcpy's device-to-device bytes: the SMs (a kernel of the driver's) or a copy
// engine (DMA)? Issue 16's floor is that copy, and Nsight Compute sees no kernel for it. Here the
// copy runs while a kernel fills every SM slot and spins for a few milliseconds without touching
// memory: a copy on the SMs has to wait for the spin to end, a copy engine does not. Then it times
// the copy behind rests of 0 to 5000 us, to see whether the lines the copy before wrote (more
// than the L2 holds at 2^24) weigh on the next as the app's timings take it. Standalone:
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -I kernels
//        bench/tune/memcpy_engine.cu -o memcpy_engine      (one line)
//   ./memcpy_engine [--log-n 24]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"

namespace {

// Every block spins until `cycles` SM clocks have passed; nothing is read or written but the
// flag that keeps the compiler from dropping the loop.
__global__ void spin(long long cycles, int* never) {
    const long long start = clock64();
    while (clock64() - start < cycles) {}
    if (threadIdx.x == 0 && *never == 12345) *never = 0;
}

float elapsed(cudaEvent_t from, cudaEvent_t to) {
    float ms = 0;
    SS_CUDA_CHECK(cudaEventElapsedTime(&ms, from, to));
    return ms;
}

}  // namespace

int main(int argc, char** argv) {
    int log_n = 24;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--log-n") == 0) log_n = std::atoi(argv[i + 1]);
    if (log_n < 10 || log_n > 30) {
        std::fprintf(stderr, "usage: memcpy_engine [--log-n 10..30]\n");
        return 2;
    }
    cudaDeviceProp prop;
    SS_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    int clock_khz = 0, per_sm = 0;
    SS_CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
    constexpr int kThreads = 1024;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, spin, kThreads, 0));
    const int grid = per_sm * prop.multiProcessorCount;
    const std::size_t bytes = (std::size_t(1) << log_n) * 4;
    std::printf(
        "%s, %d SMs, %d copy engines (asyncEngineCount); n = 2^%d int32 (%zu MB);"
        " spin grid %d x %d threads (%d blocks an SM)\n",
        prop.name, prop.multiProcessorCount, prop.asyncEngineCount, log_n, bytes >> 20, grid,
        kThreads, per_sm);

    void *in = nullptr, *out = nullptr;
    int* never = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&in, bytes));
    SS_CUDA_CHECK(cudaMalloc(&out, bytes));
    SS_CUDA_CHECK(cudaMalloc(&never, 4));
    SS_CUDA_CHECK(cudaMemset(in, 1, bytes));
    SS_CUDA_CHECK(cudaMemset(never, 0, 4));
    cudaStream_t spin_stream, copy_stream;
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&spin_stream, cudaStreamNonBlocking));
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&copy_stream, cudaStreamNonBlocking));
    cudaEvent_t spin_start, spin_end, copy_start, copy_end;
    for (cudaEvent_t* e : {&spin_start, &spin_end, &copy_start, &copy_end})
        SS_CUDA_CHECK(cudaEventCreate(e));

    // The copy alone, each run queued as soon as the one before has ended (not held).
    const double alone_ms = scanscope::middle_run_ms(
        copy_stream, 11,
        [&] {
            SS_CUDA_CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, copy_stream));
        },
        false);
    std::printf("copy alone: median %.4f ms (%.0f GB/s)\n", alone_ms,
                2.0 * double(bytes) / alone_ms / 1e6);

    // The copy asked for just after a spin that fills every SM has started.
    const long long cycles = static_cast<long long>(clock_khz) * 5;  // 5 ms (kHz: cycles a ms)
    for (int rep = 0; rep < 3; ++rep) {
        SS_CUDA_CHECK(cudaEventRecord(spin_start, spin_stream));
        spin<<<grid, kThreads, 0, spin_stream>>>(cycles, never);
        SS_CUDA_CHECK_LAUNCH();
        SS_CUDA_CHECK(cudaEventRecord(spin_end, spin_stream));
        SS_CUDA_CHECK(cudaEventRecord(copy_start, copy_stream));
        SS_CUDA_CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, copy_stream));
        SS_CUDA_CHECK(cudaEventRecord(copy_end, copy_stream));
        SS_CUDA_CHECK(cudaDeviceSynchronize());
        std::printf(
            "beside the spin: spin %.3f ms; the copy ended %.3f ms after the spin began "
            "(%.4f ms from its own start); %s\n",
            double(elapsed(spin_start, spin_end)), double(elapsed(spin_start, copy_end)),
            double(elapsed(copy_start, copy_end)),
            elapsed(copy_end, spin_end) > 0 ? "before the spin ended: not on the SMs"
                                            : "after the spin ended: on the SMs");
    }

    // The copy after the memory has rested: queued behind one thread that waits `rest` us
    // (hold_stream, as the app's timings queue each run behind at least 100 us), from the end of
    // the copy before. The start event is taken behind the hold.
    std::printf("after a rest (median of 11, timed from behind the hold):");
    for (const long long rest_us : {0LL, 20LL, 50LL, 100LL, 200LL, 500LL, 1000LL, 5000LL}) {
        std::vector<float> samples;
        for (int rep = 0; rep < 11; ++rep) {
            SS_CUDA_CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, copy_stream));
            if (rest_us > 0) {
                scanscope::hold_stream<<<1, 1, 0, copy_stream>>>(rest_us * 1000);
                SS_CUDA_CHECK_LAUNCH();
            }
            SS_CUDA_CHECK(cudaEventRecord(copy_start, copy_stream));
            SS_CUDA_CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, copy_stream));
            SS_CUDA_CHECK(cudaEventRecord(copy_end, copy_stream));
            SS_CUDA_CHECK(cudaEventSynchronize(copy_end));
            samples.push_back(elapsed(copy_start, copy_end));
        }
        std::sort(samples.begin(), samples.end());
        std::printf(" %lld us: %.4f ms;", rest_us, double(samples[samples.size() / 2]));
    }
    std::printf("\n");
    return 0;
}
