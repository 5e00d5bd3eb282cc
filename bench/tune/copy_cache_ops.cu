// What a plain copy kernel needs to match cudaMemcpy's device-to-device copy (issue 16's floor),
// which runs on the SMs as a kernel of the driver's: at 2^24 on the H200 the simplest copy kernel
// took 1.05 x its time (copy_floor), and a scan is built from such loads and stores. Each row is
// one copy kernel (rows of 16-byte loads, then the same stores) with a cache operator on its
// loads and one on its stores, or another shape; every round times cudaMemcpy again and every
// row beside it, so that a row's ratio comes from the same minutes as its copy. Standalone:
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -I kernels
//        bench/tune/copy_cache_ops.cu -o copy_cache_ops      (one line)
//   ./copy_cache_ops [--sizes 24,28] [--reps 30] [--rounds 3]
//
// bench/tuning.md records what it printed, and the prediction before.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"

namespace {

// --- the cache operators (PTX ISA: ld, st, createpolicy) ---------------------------------------

enum class Load { Plain, NoL1, Streaming, Prefetch256, EvictFirst };
enum class Store { Plain, Streaming, NoL1, EvictFirst, EvictLast };

const char* name(Load l) {
    switch (l) {
        case Load::Plain:
            return "ld";
        case Load::NoL1:
            return "ld.nc.L1::no_allocate";
        case Load::Streaming:
            return "ld.cs";
        case Load::Prefetch256:
            return "ld.L2::256B";
        case Load::EvictFirst:
            return "ld L2 evict_first";
    }
    return "?";
}
const char* name(Store s) {
    switch (s) {
        case Store::Plain:
            return "st";
        case Store::Streaming:
            return "st.cs";
        case Store::NoL1:
            return "st.L1::no_allocate";
        case Store::EvictFirst:
            return "st L2 evict_first";
        case Store::EvictLast:
            return "st L2 evict_last";
    }
    return "?";
}

__device__ __forceinline__ unsigned long long policy_evict_first() {
    unsigned long long p;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
    return p;
}
__device__ __forceinline__ unsigned long long policy_evict_last() {
    unsigned long long p;
    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
    return p;
}

template <Load L>
__device__ __forceinline__ int4 load(const int4* at) {
    int4 v;
    if constexpr (L == Load::Plain) {
        v = *at;
    } else if constexpr (L == Load::NoL1) {
        asm volatile("ld.global.nc.L1::no_allocate.v4.s32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(at));
    } else if constexpr (L == Load::Streaming) {
        v = __ldcs(at);
    } else if constexpr (L == Load::Prefetch256) {
        asm volatile("ld.global.L2::256B.v4.s32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(at));
    } else {
        asm volatile("ld.global.L2::cache_hint.v4.s32 {%0, %1, %2, %3}, [%4], %5;"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(at), "l"(policy_evict_first()));
    }
    return v;
}

template <Store S>
__device__ __forceinline__ void store(int4* at, int4 v) {
    if constexpr (S == Store::Plain) {
        *at = v;
    } else if constexpr (S == Store::Streaming) {
        __stcs(at, v);
    } else if constexpr (S == Store::NoL1) {
        asm volatile("st.global.L1::no_allocate.v4.s32 [%0], {%1, %2, %3, %4};" ::"l"(at), "r"(v.x),
                     "r"(v.y), "r"(v.z), "r"(v.w)
                     : "memory");
    } else {
        const unsigned long long policy =
            S == Store::EvictFirst ? policy_evict_first() : policy_evict_last();
        asm volatile("st.global.L2::cache_hint.v4.s32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(at),
                     "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w), "l"(policy)
                     : "memory");
    }
}

// Each thread loads Rows 16-byte pieces of a tile (a row is blockDim.x consecutive pieces), then
// stores them; tiles taken b, b + G, ... (one a block when the grid covers them all).
template <int Rows, Load L, Store S>
__global__ void copy_rows(const int4* in, int4* out, int tiles) {
    const std::size_t pieces = std::size_t(Rows) * blockDim.x;
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        const std::size_t first = std::size_t(tile) * pieces + threadIdx.x;
        int4 piece[Rows];
        for (int r = 0; r < Rows; ++r)
            piece[r] = load<L>(in + first + std::size_t(r) * blockDim.x);
        for (int r = 0; r < Rows; ++r)
            store<S>(out + first + std::size_t(r) * blockDim.x, piece[r]);
    }
}

// --- the probe ----------------------------------------------------------------------------------

using Kernel = void (*)(const int4*, int4*, int);

struct Row {
    std::string what;
    Kernel kernel;
    int rows, threads;
    int blocks_per_sm;  // 0: one tile a block
    std::vector<double> ratios;
};

template <int Rows, Load L, Store S>
Row row(int threads, int blocks_per_sm) {
    char what[160];
    const std::string grid =
        blocks_per_sm == 0 ? "one tile a block" : std::to_string(blocks_per_sm) + " blocks an SM";
    std::snprintf(what, sizeof what, "%d rows x %d, %s; %s, %s", Rows, threads, grid.c_str(),
                  name(L), name(S));
    return Row{what, copy_rows<Rows, L, S>, Rows, threads, blocks_per_sm, {}};
}

std::vector<Row> rows() {
    std::vector<Row> r;
    // The operators, on copy_floor's simplest kernel (8 rows x 512, one tile a block: 1.052).
    r.push_back(row<8, Load::Plain, Store::Plain>(512, 0));
    r.push_back(row<8, Load::NoL1, Store::Plain>(512, 0));
    r.push_back(row<8, Load::Streaming, Store::Plain>(512, 0));
    r.push_back(row<8, Load::Prefetch256, Store::Plain>(512, 0));
    r.push_back(row<8, Load::EvictFirst, Store::Plain>(512, 0));
    r.push_back(row<8, Load::Plain, Store::Streaming>(512, 0));
    r.push_back(row<8, Load::Plain, Store::NoL1>(512, 0));
    r.push_back(row<8, Load::Plain, Store::EvictFirst>(512, 0));
    r.push_back(row<8, Load::Plain, Store::EvictLast>(512, 0));
    r.push_back(row<8, Load::Streaming, Store::Streaming>(512, 0));
    r.push_back(row<8, Load::NoL1, Store::Streaming>(512, 0));
    r.push_back(row<8, Load::EvictFirst, Store::EvictLast>(512, 0));
    r.push_back(row<8, Load::Prefetch256, Store::Streaming>(512, 0));
    // The shape, plain operators: fewer bytes a thread, more blocks, persistent grids.
    r.push_back(row<1, Load::Plain, Store::Plain>(256, 0));
    r.push_back(row<2, Load::Plain, Store::Plain>(256, 0));
    r.push_back(row<4, Load::Plain, Store::Plain>(256, 0));
    r.push_back(row<4, Load::Plain, Store::Plain>(1024, 0));
    r.push_back(row<2, Load::Plain, Store::Plain>(1024, 0));
    r.push_back(row<4, Load::Plain, Store::Plain>(256, 8));
    r.push_back(row<2, Load::Plain, Store::Plain>(512, 4));
    r.push_back(row<1, Load::Plain, Store::Plain>(1024, 2));
    r.push_back(row<4, Load::Plain, Store::Plain>(512, 4));
    return r;
}

double time_kernel(const Row& r, const int4* in, int4* out, std::size_t n, int sms,
                   cudaStream_t stream, int reps) {
    const std::size_t pieces = std::size_t(r.rows) * std::size_t(r.threads);
    const int tiles = int(n / 4 / pieces);
    int fits = 0;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fits, r.kernel, r.threads, 0));
    const int grid =
        r.blocks_per_sm == 0 ? tiles : std::min(tiles, std::min(fits, r.blocks_per_sm) * sms);
    return scanscope::middle_run_ms(stream, reps, [&] {
        r.kernel<<<grid, r.threads, 0, stream>>>(in, out, tiles);
        SS_CUDA_CHECK_LAUNCH();
    });
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes = {24, 28};
    int reps = 30, rounds = 3;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--rounds") == 0) rounds = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--sizes") == 0) {
            sizes.clear();
            for (const char* s = argv[i + 1]; *s;) {
                sizes.push_back(std::atoi(s));
                while (*s && *s != ',')
                    ++s;
                if (*s == ',') ++s;
            }
        }
    }
    cudaDeviceProp prop;
    SS_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    int driver = 0;
    SS_CUDA_CHECK(cudaDriverGetVersion(&driver));
    std::printf("%s, %d SMs, CUDA driver %d; %d rounds, each row the middle of %d held runs\n",
                prop.name, prop.multiProcessorCount, driver, rounds, reps);
    cudaStream_t stream;
    SS_CUDA_CHECK(cudaStreamCreate(&stream));
    for (int log_n : sizes) {
        const std::size_t n = std::size_t(1) << log_n, bytes = n * 4;
        int4 *in = nullptr, *out = nullptr;
        SS_CUDA_CHECK(cudaMalloc(&in, bytes));
        SS_CUDA_CHECK(cudaMalloc(&out, bytes));
        std::vector<int> host(n), back(n);
        for (std::size_t i = 0; i < n; ++i)
            host[i] = int(i * 2654435761u);
        SS_CUDA_CHECK(cudaMemcpy(in, host.data(), bytes, cudaMemcpyHostToDevice));
        std::vector<Row> table = rows();
        for (const Row& r : table) {  // each kernel checked once: out must equal in
            SS_CUDA_CHECK(cudaMemset(out, 0, bytes));
            time_kernel(r, in, out, n, prop.multiProcessorCount, stream, 1);
            SS_CUDA_CHECK(cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost));
            if (back != host) {
                std::fprintf(stderr, "%s: output differs from input at 2^%d\n", r.what.c_str(),
                             log_n);
                return 1;
            }
        }
        std::vector<double> copies;
        for (int round = 0; round < rounds; ++round) {
            const double copy = scanscope::middle_run_ms(stream, reps, [&] {
                SS_CUDA_CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, stream));
            });
            copies.push_back(copy);
            for (Row& r : table)
                r.ratios.push_back(
                    time_kernel(r, in, out, n, prop.multiProcessorCount, stream, reps) / copy);
        }
        std::printf("\nn = 2^%d int32: cudaMemcpy", log_n);
        for (double c : copies)
            std::printf(" %.4f", c);
        std::printf(" ms (each round); each row x that round's copy:\n");
        for (const Row& r : table) {
            std::printf("  %-66s", r.what.c_str());
            for (double x : r.ratios)
                std::printf(" %.3f", x);
            std::printf("\n");
        }
        cudaFree(in);
        cudaFree(out);
    }
    cudaStreamDestroy(stream);
    return 0;
}
