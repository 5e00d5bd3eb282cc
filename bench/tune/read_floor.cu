// What a pass that only reads can reach: the floor under any reduction. Sums of n int32 read the
// ways a reduction could read them (one tile a block or persistent blocks; more or fewer 16-byte
// loads in flight a thread; with or without asking L2 to fetch 256 bytes at a time), beside CUB's
// DeviceReduce::Sum, each as GB/s and as a share of the nominal bandwidth given. If no way of
// reading reaches 95% of the nominal figure, no reduction will. Standalone:
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -I kernels
//        bench/tune/read_floor.cu -o read_floor      (one line)
//   ./read_floor [--log-n 28] [--reps 30] [--nominal-gbs 3350]
//
// bench/tuning.md records what it printed, and the predictions before.
#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "device_line.h"
#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"

namespace {

// A 16-byte load, plain or with the L2 asked to fetch the whole 256-byte sector group (the
// prefetch-size hint, PTX ISA 7.4+) and L1 not to keep it.
template <bool Hint>
__device__ __forceinline__ int4 load(const int4* p) {
    if constexpr (Hint) {
        int4 v;
        asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.s32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(p));
        return v;
    } else {
        return __ldg(p);
    }
}

template <int Threads>
__device__ int block_sum(int v) {
    __shared__ int warp_sums[Threads / 32];
    for (int d = 16; d > 0; d /= 2)
        v += __shfl_down_sync(0xffffffffu, v, d);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
    __syncthreads();
    v = threadIdx.x < Threads / 32 ? warp_sums[threadIdx.x] : 0;
    if (threadIdx.x < 32)
        for (int d = 16; d > 0; d /= 2)
            v += __shfl_down_sync(0xffffffffu, v, d);
    return v;
}

// Tiles of Rows x Threads 16-byte pieces, dealt round the grid (b, b + G, ...); the grid covers
// them all (one tile a block) or is a few blocks an SM (persistent). One partial sum a block.
template <int Rows, int Threads, bool Hint>
__global__ void __launch_bounds__(Threads) read_sum(const int4* in, int tiles, int* partials) {
    int sum = 0;
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        int4 piece[Rows];
        for (int r = 0; r < Rows; ++r)
            piece[r] = load<Hint>(in + (std::size_t(tile) * Rows + r) * Threads + threadIdx.x);
        for (int r = 0; r < Rows; ++r)
            sum += piece[r].x + piece[r].y + piece[r].z + piece[r].w;
    }
    sum = block_sum<Threads>(sum);
    if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

struct Probe {
    std::size_t n;
    int reps;
    int sms = 0;
    int* in = nullptr;
    int* partials = nullptr;  // one a block, as many as the largest grid
    int expected = 0;         // the sum, wrapping as int32 does
    double nominal_gbs = 0;
    cudaStream_t stream = nullptr;

    Probe(std::size_t n_, int reps_, double nominal) : n(n_), reps(reps_), nominal_gbs(nominal) {
        SS_CUDA_CHECK(cudaStreamCreate(&stream));
        SS_CUDA_CHECK(cudaMalloc(&in, n * 4));
        SS_CUDA_CHECK(cudaMalloc(&partials, n / 512 * 4 + 4));
        std::vector<int> host(n);
        unsigned wrapped = 0;
        for (std::size_t i = 0; i < n; ++i) {
            host[i] = int(i * 2654435761u);
            wrapped += unsigned(host[i]);
        }
        expected = int(wrapped);
        SS_CUDA_CHECK(cudaMemcpy(in, host.data(), n * 4, cudaMemcpyHostToDevice));
        SS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    }
    ~Probe() {
        cudaFree(in);
        cudaFree(partials);
        cudaStreamDestroy(stream);
    }

    // Median of `reps` timed runs after one run whose sum `result` must give.
    template <class Launch, class Result>
    double time(Launch launch, Result result, const char* what) {
        launch();
        SS_CUDA_CHECK(cudaStreamSynchronize(stream));
        if (result() != expected) {
            std::fprintf(stderr, "%s: wrong sum\n", what);
            std::exit(1);
        }
        for (int w = 0; w < 3; ++w)
            launch();
        return scanscope::middle_run_ms(stream, reps, launch);
    }
    void print(const char* what, double ms) const {
        const double gbs = double(n) * 4 / ms / 1e6;
        std::printf("%-62s %.4f ms  %5.0f GB/s", what, ms, gbs);
        if (nominal_gbs > 0)
            std::printf("  %5.1f%% of %.0f", 100.0 * gbs / nominal_gbs, nominal_gbs);
        std::printf("\n");
    }
};

// per_sm 0: one tile a block; otherwise that many blocks an SM (at most what fits).
template <int Rows, int Threads, bool Hint>
void run(Probe& p, int per_sm) {
    const auto kernel = read_sum<Rows, Threads, Hint>;
    const int tile_pieces = Rows * Threads;
    const int tiles = int(p.n / 4 / std::size_t(tile_pieces));
    if (std::size_t(tiles) * std::size_t(tile_pieces) * 4 != p.n) return;  // whole tiles only
    int fits = 0;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fits, kernel, Threads, 0));
    const int grid = per_sm == 0 ? tiles : std::min(tiles, std::min(per_sm, fits) * p.sms);
    std::vector<int> sums(static_cast<std::size_t>(grid));
    const double ms = p.time(
        [&] {
            kernel<<<grid, Threads, 0, p.stream>>>(reinterpret_cast<const int4*>(p.in), tiles,
                                                   p.partials);
            SS_CUDA_CHECK_LAUNCH();
        },
        [&] {
            SS_CUDA_CHECK(
                cudaMemcpy(sums.data(), p.partials, sums.size() * 4, cudaMemcpyDeviceToHost));
            unsigned total = 0;
            for (int s : sums)
                total += unsigned(s);
            return int(total);
        },
        "read_sum");
    char label[160];
    std::snprintf(label, sizeof label, "%2d x 16 B a thread, %4d threads, %s%s", Rows, Threads,
                  per_sm == 0 ? "one tile a block"
                              : (std::to_string(std::min(per_sm, fits)) + " blocks an SM").c_str(),
                  Hint ? ", L2::256B" : "");
    p.print(label, ms);
}

}  // namespace

int main(int argc, char** argv) {
    int log_n = 28, reps = 30;
    double nominal = 0;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--log-n") == 0) log_n = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--nominal-gbs") == 0) nominal = std::atof(argv[i + 1]);
    }
    try {
        std::printf("%s, CUB %d; n = 2^%d int32, read once\n",
                    scanscope::probe::device_line().c_str(), CUB_VERSION, log_n);
        Probe p(std::size_t(1) << log_n, reps, nominal);

        std::size_t temp_bytes = 0;
        SS_CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, temp_bytes, p.in, p.partials, int(p.n)));
        void* temp = nullptr;
        SS_CUDA_CHECK(cudaMalloc(&temp, temp_bytes));
        const double cub_ms = p.time(
            [&] {
                SS_CUDA_CHECK(
                    cub::DeviceReduce::Sum(temp, temp_bytes, p.in, p.partials, int(p.n), p.stream));
            },
            [&] {
                int sum = 0;
                SS_CUDA_CHECK(cudaMemcpy(&sum, p.partials, 4, cudaMemcpyDeviceToHost));
                return sum;
            },
            "CUB");
        p.print("CUB DeviceReduce::Sum", cub_ms);
        cudaFree(temp);

        run<4, 512, false>(p, 0);  // reduce-warp-shuffle's timed tile, one pass
        run<8, 512, false>(p, 0);
        run<16, 256, false>(p, 0);
        run<4, 512, true>(p, 0);
        run<8, 512, true>(p, 0);
        run<8, 512, false>(p, 4);
        run<8, 512, true>(p, 4);
        run<16, 512, false>(p, 2);
        run<16, 512, true>(p, 2);
        run<32, 256, true>(p, 4);
        run<8, 1024, true>(p, 2);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "read_floor: %s\n", e.what());
        return 1;
    }
    return 0;
}
