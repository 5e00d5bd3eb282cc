// What each way of moving a tile through an SM can reach without any scan: copies of n int32
// that move the bytes as pipelined-lookback does (a cp.async ring, registers, 16-byte stores),
// and as the Hopper-only alternatives would (Tensor Memory Accelerator bulk copies into and out
// of shared memory), beside cudaMemcpy's device-to-device copy. If a structure cannot reach the
// copy on its own, no scan built on it will. Standalone:
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -I kernels
//        bench/tune/copy_floor.cu -o copy_floor      (one line)
//   ./copy_floor [--log-n 28] [--reps 30]
//
// bench/tuning.md records what it printed, and the predictions before.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bulk_copy.cuh"
#include "device_clock.cuh"
#include "device_line.h"
#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"

namespace {

using namespace scanscope::bulk;

constexpr int kThreads = 512;

// --- the ways ---------------------------------------------------------------------------------

// 1. Registers: each thread loads Rows 16-byte pieces of a tile, then stores them. Tiles dealt
//    round a grid of G blocks (b, b + G, ...), or one a block when the grid covers them all.
template <int Rows>
__global__ void __launch_bounds__(kThreads) register_copy(const int4* in, int4* out, int tiles) {
    constexpr int kPieces = Rows * kThreads;
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        int4 piece[Rows];
        for (int r = 0; r < Rows; ++r)
            piece[r] = in[std::size_t(tile) * kPieces + r * kThreads + threadIdx.x];
        for (int r = 0; r < Rows; ++r)
            out[std::size_t(tile) * kPieces + r * kThreads + threadIdx.x] = piece[r];
    }
}

// 1b. Registers, tiles taken from a counter as blocks get to them: a faster SM takes more tiles.
template <int Rows>
__global__ void __launch_bounds__(kThreads)
    counter_copy(const int4* in, int4* out, int tiles, int* counter) {
    constexpr int kPieces = Rows * kThreads;
    __shared__ int taken[2];
    for (int k = 0;; ++k) {
        if (threadIdx.x == 0) taken[k % 2] = atomicAdd(counter, 1);
        __syncthreads();
        const int tile = taken[k % 2];
        if (tile >= tiles) break;
        int4 piece[Rows];
        for (int r = 0; r < Rows; ++r)
            piece[r] = in[std::size_t(tile) * kPieces + r * kThreads + threadIdx.x];
        for (int r = 0; r < Rows; ++r)
            out[std::size_t(tile) * kPieces + r * kThreads + threadIdx.x] = piece[r];
    }
}

// 2. pipelined-lookback's way: a ring of Stages tiles filled by cp.async, Ahead tiles asked for
//    ahead of the one in work, each thread waiting for its own copies (Wait groups left pending),
//    reading them back (16-byte LDS) and storing from registers.
__device__ unsigned long long block_end[1024];  // %globaltimer when each block finished
using scanscope::probe::now_ns;

template <int Rows, int Stages, int Wait>
__global__ void __launch_bounds__(kThreads) ring_copy(const int4* in, int4* out, int tiles) {
    constexpr int kPieces = Rows * kThreads;
    extern __shared__ int4 ring[];
    const auto ask = [&](int k) {
        const int tile = blockIdx.x + k * gridDim.x;
        if (tile < tiles)
            for (int r = 0; r < Rows; ++r) {
                const int at = (k % Stages) * kPieces + r * kThreads + threadIdx.x;
                asm volatile(
                    "cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(shared_address(ring + at)),
                    "l"(in + std::size_t(tile) * kPieces + r * kThreads + threadIdx.x)
                    : "memory");
            }
        asm volatile("cp.async.commit_group;" ::: "memory");
    };
    for (int k = 0; k + 1 < Stages; ++k)
        ask(k);
    for (int k = 0;; ++k) {
        const int tile = blockIdx.x + k * gridDim.x;
        if (tile >= tiles) break;
        ask(k + Stages - 1);
        asm volatile("cp.async.wait_group %0;" ::"n"(Wait) : "memory");
        for (int r = 0; r < Rows; ++r)
            out[std::size_t(tile) * kPieces + r * kThreads + threadIdx.x] =
                ring[(k % Stages) * kPieces + r * kThreads + threadIdx.x];
    }
    __syncthreads();
    if (threadIdx.x == 0 && blockIdx.x < 1024) block_end[blockIdx.x] = now_ns();
}

// 3. All bulk: thread 0 loads tiles Stages - 1 ahead and stores each from its slot.
template <int Pieces, int Stages>
__global__ void bulk_copy(const int4* in, int4* out, int tiles) {
    extern __shared__ int4 ring[];
    __shared__ std::uint64_t full[Stages];
    if (threadIdx.x != 0) return;
    constexpr unsigned kBytes = Pieces * 16;
    for (int s = 0; s < Stages; ++s)
        barrier_init(&full[s]);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    const auto ask = [&](int k) {
        const int tile = blockIdx.x + k * gridDim.x;
        if (tile < tiles)
            bulk_load(ring + (k % Stages) * Pieces, in + std::size_t(tile) * Pieces, kBytes,
                      &full[k % Stages]);
    };
    for (int k = 0; k + 1 < Stages; ++k)
        ask(k);
    for (int k = 0;; ++k) {
        const int tile = blockIdx.x + k * gridDim.x;
        if (tile >= tiles) break;
        barrier_wait(&full[k % Stages], (k / Stages) & 1);
        bulk_store(out + std::size_t(tile) * Pieces, ring + (k % Stages) * Pieces, kBytes);
        bulk_stores_read<1>();  // the last tile's slot is free again
        ask(k + Stages - 1);
    }
    bulk_stores_read<0>();
}

// 4. Bulk loads, stores from registers (what a scan that must pass every element through
//    registers could do): thread 0 asks, every thread waits on the slot's mbarrier.
template <int Rows, int Stages>
__global__ void __launch_bounds__(kThreads) bulk_load_copy(const int4* in, int4* out, int tiles) {
    constexpr int kPieces = Rows * kThreads;
    extern __shared__ int4 ring[];
    __shared__ std::uint64_t full[Stages];
    if (threadIdx.x == 0) {
        for (int s = 0; s < Stages; ++s)
            barrier_init(&full[s]);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    const auto ask = [&](int k) {
        const int tile = blockIdx.x + k * gridDim.x;
        if (threadIdx.x == 0 && tile < tiles)
            bulk_load(ring + (k % Stages) * kPieces, in + std::size_t(tile) * kPieces, kPieces * 16,
                      &full[k % Stages]);
    };
    for (int k = 0; k + 1 < Stages; ++k)
        ask(k);
    for (int k = 0;; ++k) {
        const int tile = blockIdx.x + k * gridDim.x;
        if (tile >= tiles) break;
        barrier_wait(&full[k % Stages], (k / Stages) & 1);
        int4 piece[Rows];
        for (int r = 0; r < Rows; ++r)
            piece[r] = ring[(k % Stages) * kPieces + r * kThreads + threadIdx.x];
        __syncthreads();  // the slot read: the tile Stages - 1 ahead may land there
        ask(k + Stages - 1);
        for (int r = 0; r < Rows; ++r)
            out[std::size_t(tile) * kPieces + r * kThreads + threadIdx.x] = piece[r];
    }
}

// --- the probe ----------------------------------------------------------------------------------

struct Probe {
    std::size_t n;  // int32 elements
    int reps;
    int sms = 0;
    int4* in = nullptr;
    int4* out = nullptr;
    cudaStream_t stream = nullptr;
    double copy_ms = 0;

    Probe(std::size_t n_, int reps_) : n(n_), reps(reps_) {
        SS_CUDA_CHECK(cudaStreamCreate(&stream));
        SS_CUDA_CHECK(cudaMalloc(&in, n * 4));
        SS_CUDA_CHECK(cudaMalloc(&out, n * 4));
        std::vector<int> host(n);
        for (std::size_t i = 0; i < n; ++i)
            host[i] = int(i * 2654435761u);
        SS_CUDA_CHECK(cudaMemcpy(in, host.data(), n * 4, cudaMemcpyHostToDevice));
        SS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    }
    ~Probe() {
        cudaFree(in);
        cudaFree(out);
        cudaStreamDestroy(stream);
    }

    // Median of `reps` timed runs after one checked run (out must equal in).
    template <class Launch>
    double time(Launch launch, const char* what) {
        SS_CUDA_CHECK(cudaMemsetAsync(out, 0, n * 4, stream));
        launch();
        SS_CUDA_CHECK(cudaStreamSynchronize(stream));
        std::vector<int> a(n), b(n);
        SS_CUDA_CHECK(cudaMemcpy(a.data(), in, n * 4, cudaMemcpyDeviceToHost));
        SS_CUDA_CHECK(cudaMemcpy(b.data(), out, n * 4, cudaMemcpyDeviceToHost));
        if (a != b) {
            std::fprintf(stderr, "%s: output differs from input\n", what);
            std::exit(1);
        }
        return scanscope::middle_run_ms(stream, reps, launch);
    }
    void print(const char* what, double ms) const {
        std::printf("%-58s %.4f ms  %5.0f GB/s  x copy %.3f\n", what, ms,
                    2.0 * double(n) * 4 / ms / 1e6, ms / copy_ms);
    }
};

// Returns the grid it launched (0: none).
template <class Kernel>
int run(Probe& p, const char* what, Kernel kernel, int tile_pieces, int threads, int per_sm,
        std::uint32_t shared) {
    const int tiles = int(p.n / 4 / std::size_t(tile_pieces));
    if (std::size_t(tiles) * std::size_t(tile_pieces) * 4 != p.n) return 0;  // whole tiles only
    if (shared > 48 * 1024)
        SS_CUDA_CHECK(
            cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
    int fits = 0;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fits, kernel, threads, shared));
    if (fits < 1) return 0;
    const int grid = per_sm == 0 ? tiles : std::min(tiles, std::min(per_sm, fits) * p.sms);
    const double ms = p.time(
        [&] {
            kernel<<<grid, threads, shared, p.stream>>>(p.in, p.out, tiles);
            SS_CUDA_CHECK_LAUNCH();
        },
        what);
    char label[160];
    std::snprintf(label, sizeof label, "%s (%d KB tiles, grid %d)", what, tile_pieces * 16 / 1024,
                  grid);
    p.print(label, ms);
    return grid;
}

void counter_run(Probe& p, int per_sm) {
    constexpr int kRows = 8;
    const int tile_pieces = kRows * kThreads;
    const int tiles = int(p.n / 4 / std::size_t(tile_pieces));
    int* counter = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&counter, 4));
    const int grid = per_sm * p.sms;
    const double ms = p.time(
        [&] {
            SS_CUDA_CHECK(cudaMemsetAsync(counter, 0, 4, p.stream));
            counter_copy<kRows><<<grid, kThreads, 0, p.stream>>>(p.in, p.out, tiles, counter);
            SS_CUDA_CHECK_LAUNCH();
        },
        "counter copy");
    char label[160];
    std::snprintf(label, sizeof label,
                  "registers, 8 rows, %d blocks an SM, from a counter (grid %d)", per_sm, grid);
    p.print(label, ms);
    cudaFree(counter);
}

// How far apart the dealt ring copy's blocks finish (from its last timed run of `grid` blocks).
void print_spread(int grid) {
    if (grid < 1 || grid > 1024) return;
    std::vector<unsigned long long> end(static_cast<std::size_t>(grid));
    SS_CUDA_CHECK(cudaMemcpyFromSymbol(end.data(), block_end, std::size_t(grid) * 8));
    std::sort(end.begin(), end.end());
    const auto us = [&](std::size_t i) { return double(end[i] - end[0]) / 1000.0; };
    std::printf("   blocks finish over %.1f us: 10%% by %.1f, half by %.1f, 90%% by %.1f\n",
                us(end.size() - 1), us(end.size() / 10), us(end.size() / 2),
                us(end.size() * 9 / 10));
}

}  // namespace

int main(int argc, char** argv) {
    int log_n = 28, reps = 30;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--log-n") == 0) log_n = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
    }
    std::printf("%s; n = 2^%d int32\n", scanscope::probe::device_line().c_str(), log_n);
    Probe p(std::size_t(1) << log_n, reps);
    const std::size_t bytes = p.n * 4;
    p.copy_ms = p.time(
        [&] {
            SS_CUDA_CHECK(cudaMemcpyAsync(p.out, p.in, bytes, cudaMemcpyDeviceToDevice, p.stream));
        },
        "copy");
    p.print("cudaMemcpy device to device", p.copy_ms);

    run(p, "registers, 8 rows, one tile a block", register_copy<8>, 8 * kThreads, kThreads, 0, 0);
    run(p, "registers, 8 rows, 1 block an SM, dealt", register_copy<8>, 8 * kThreads, kThreads, 1,
        0);
    run(p, "registers, 8 rows, 4 blocks an SM, dealt", register_copy<8>, 8 * kThreads, kThreads, 4,
        0);
    run(p, "registers, 20 rows, one tile a block", register_copy<20>, 20 * kThreads, kThreads, 0,
        0);
    counter_run(p, 1);
    counter_run(p, 4);
    // pipelined-lookback's: 8 rows, 3 stages, waiting for the next tile too (wait 1) or not (2).
    print_spread(run(p, "cp.async ring 8 rows x 3, wait for next (as the scan)", ring_copy<8, 3, 1>,
                     8 * kThreads, kThreads, 1, 3 * 8 * kThreads * 16));
    run(p, "cp.async ring 8 rows x 3, wait for this tile only", ring_copy<8, 3, 2>, 8 * kThreads,
        kThreads, 1, 3 * 8 * kThreads * 16);
    run(p, "cp.async ring 4 rows x 6, wait for next", ring_copy<4, 6, 4>, 4 * kThreads, kThreads, 1,
        6 * 4 * kThreads * 16);
    run(p, "cp.async ring 4 rows x 6, wait for this tile only", ring_copy<4, 6, 5>, 4 * kThreads,
        kThreads, 1, 6 * 4 * kThreads * 16);
    run(p, "bulk load + bulk store, 64 KB x 3", bulk_copy<4096, 3>, 4096, 32, 1, 3 * 4096 * 16);
    run(p, "bulk load + bulk store, 32 KB x 6", bulk_copy<2048, 6>, 2048, 32, 1, 6 * 2048 * 16);
    run(p, "bulk load + bulk store, 16 KB x 12", bulk_copy<1024, 12>, 1024, 32, 1, 12 * 1024 * 16);
    run(p, "bulk load + bulk store, 32 KB x 3, 2 blocks an SM", bulk_copy<2048, 3>, 2048, 32, 2,
        3 * 2048 * 16);
    run(p, "bulk load, register store, 8 rows x 3", bulk_load_copy<8, 3>, 8 * kThreads, kThreads, 1,
        3 * 8 * kThreads * 16);
    run(p, "bulk load, register store, 4 rows x 6", bulk_load_copy<4, 6>, 4 * kThreads, kThreads, 1,
        6 * 4 * kThreads * 16);
    run(p, "bulk load, register store, 2 rows x 12", bulk_load_copy<2, 12>, 2 * kThreads, kThreads,
        1, 12 * 2 * kThreads * 16);
    return 0;
}
