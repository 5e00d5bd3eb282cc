// How long a word takes to get from one SM to another while the GPU copies at full speed, by each
// path a scan's look-back could take. Standalone:
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -I kernels
//        bench/tune/handoff_latency.cu -o handoff_latency      (one line)
//   ./handoff_latency [--log-n 24] [--cluster 8] [--shape STAGESxROWS]... [--scope sys|gpu]
//   (default ring 4x6; --scope gpu: the global words relaxed at GPU scope instead of volatile)
//
// Why: the look-back's reads seemed to come back behind every byte their SM asked for before them
// (5-7 us on the H200 at the copy's pace, bench/tuning.md). If that queue were the busy SM's own,
// an SM that loads nothing could read the tiles' aggregates quickly and push each prefix into the
// busy SM's shared memory over the cluster's SM-to-SM network (distributed shared memory), where
// no load of the busy SM stands in front of it. This probe measures whether it is so (it is not:
// bench/tuning.md, "A word from SM to SM during a full-speed copy").
//
// The launch is of clusters of C blocks, one block an SM. Rank 0 of each cluster (the prober)
// loads nothing. The other ranks copy their share of n int32 with 16 warps (a cp.async ring of
// STAGES tiles of ROWS x 8 KB, STAGES - 1 of them asked for ahead), while a 17th warp (the
// listener) echoes every word the prober sends it. The prober sends a word to each listener in
// turn and times the round trip with clock64. Each leg goes by one path:
//   global: a volatile store to a word in global memory, polled with volatile loads (the
//           look-back's way: tile descriptors);
//   dsmem:  a volatile store into the other block's shared memory (distributed shared memory),
//           polled there with volatile loads of the block's own shared memory.
// Rows without the busy SMs: peer (two probers, global both ways), read (one load of a word
// nobody writes), store (a store, then loads of it until it is seen).
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bulk_copy.cuh"
#include "gpu/cuda_check.h"

namespace {

namespace cg = cooperative_groups;

constexpr int kCopyThreads = 512;
constexpr int kThreads = kCopyThreads + 32;  // + the listener warp
// The ring: up to 192 KB (which keeps the block alone on its SM), of `stages` tiles of `rows`
// 16-byte pieces a copy thread (rows x 8 KB); stages - 1 tiles are asked for ahead.
constexpr std::uint32_t kRingBytes = 192 * 1024;
constexpr int kIdlePings = 256;    // a prober's round trips with nothing copied
constexpr int kLoadedPings = 8;    // at least, and then as many as fit in the copy's time
constexpr int kMaxSamples = 8192;  // a cluster's

enum Path { kGlobal = 0, kDsmem = 1 };

struct Words {
    int* ping;          // [cluster * C + rank]: the prober's word to a listener (global path)
    int* pong;          // [cluster * C + rank]: a listener's answer (global path)
    long long* cycles;  // [cluster * kMaxSamples]: round trips
    int* samples;       // [cluster]: how many were recorded
};

// The copy warps' share: tiles dealt round the copiers of all clusters.
template <int Stages>
__device__ void copy_share(const int4* in, int4* out, int tiles, int rows, int copier, int copiers,
                           int4* ring) {
    const int pieces = rows * kCopyThreads;
    const auto ask = [&](int k) {
        const int tile = copier + k * copiers;
        if (tile < tiles)
            for (int r = 0; r < rows; ++r) {
                const int at = (k % Stages) * pieces + r * kCopyThreads + threadIdx.x;
                asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                                 scanscope::bulk::shared_address(ring + at)),
                             "l"(in + std::size_t(tile) * pieces + r * kCopyThreads + threadIdx.x)
                             : "memory");
            }
        asm volatile("cp.async.commit_group;" ::: "memory");
    };
    for (int k = 0; k + 1 < Stages; ++k)
        ask(k);
    for (int k = 0;; ++k) {
        const int tile = copier + k * copiers;
        if (tile >= tiles) break;
        ask(k + Stages - 1);
        asm volatile("cp.async.wait_group %0;" ::"n"(Stages - 1) : "memory");
        for (int r = 0; r < rows; ++r)
            out[std::size_t(tile) * pieces + r * kCopyThreads + threadIdx.x] =
                ring[(k % Stages) * pieces + r * kCopyThreads + threadIdx.x];
    }
    asm volatile("cp.async.wait_all;" ::: "memory");
}

// A global word's store and load: volatile (strong at system scope, as the tile descriptors are
// written and read) or, with `gpu`, relaxed at GPU scope (as CUB's tile states are).
__device__ __forceinline__ void put(int* word, int value, bool gpu) {
    if (gpu)
        asm volatile("st.relaxed.gpu.global.b32 [%0], %1;" ::"l"(word), "r"(value) : "memory");
    else
        *(volatile int*)word = value;
}
__device__ __forceinline__ int get(const int* word, bool gpu) {
    int value;
    if (gpu)
        asm volatile("ld.relaxed.gpu.global.b32 %0, [%1];" : "=r"(value) : "l"(word) : "memory");
    else
        value = *(const volatile int*)word;
    return value;
}
// Loads `word` until it holds something other than `value_not`, and returns that.
__device__ __forceinline__ int poll(const int* word, int value_not, bool gpu) {
    int v;
    while ((v = get(word, gpu)) == value_not) {}
    return v;
}
__device__ __forceinline__ int poll_shared(const volatile int* word, int value_not) {
    int v;
    while ((v = *word) == value_not) {}
    return v;
}

// Without the cluster's busy SMs (`alone`):
//   kPeer:  the prober's words go to the prober of the next cluster (by global words both ways),
//           an SM that loads nothing too;
//   kRead:  the prober reads a word nobody writes (one load, its latency alone);
//   kStore: the prober stores a word and reads it back until it sees it (a store and a load).
enum Alone { kNone = 0, kPeer, kRead, kStore };
struct Shape {
    int stages, rows;
};

__global__ void __launch_bounds__(kThreads)
    handoff(const int4* in, int4* out, int tiles, Shape shape, Words w, int out_path, int back_path,
            int alone, bool gpu) {
    extern __shared__ int4 ring[];
    __shared__ int inbox;     // a listener's word from the prober (dsmem path)
    __shared__ int answers;   // the prober's answer from a listener (dsmem path)
    __shared__ int finished;  // the prober's count of copiers done
    cg::cluster_group cluster = cg::this_cluster();
    const int size = int(cluster.num_blocks());
    const int rank = int(cluster.block_rank());
    const int id = blockIdx.x / size;  // the cluster's
    if (threadIdx.x == 0) {
        inbox = 0;
        answers = 0;
        finished = 0;
    }
    cluster.sync();  // every block's words are set before anyone writes to them

    const int clusters = int(gridDim.x) / size;
    const int min_pings = tiles == 0 ? kIdlePings : kLoadedPings;
    if (rank == 0) {
        if (threadIdx.x == 0) {
            int recorded = 0;
            for (int k = 1; k <= min_pings || *(volatile int*)&finished < size - 1; ++k) {
                const int to = 1 + (k - 1) % (size - 1);
                const long long t0 = clock64();
                if (alone == kRead) {
                    if (get(&w.pong[id * size], gpu) == -5) break;  // never: nobody writes it
                } else if (alone == kStore) {
                    put(&w.ping[id * size], k, gpu);
                    poll(&w.ping[id * size], k - 1, gpu);
                } else if (alone == kPeer) {
                    const int other = (id + 1) % clusters;
                    put(&w.ping[other * size], k, gpu);
                    poll(&w.pong[other * size], k - 1, gpu);
                } else if (out_path == kGlobal)
                    put(&w.ping[id * size + to], k, gpu);
                else
                    *(volatile int*)cluster.map_shared_rank(&inbox, to) = k;
                if (alone != kNone) {
                } else if (back_path == kGlobal)
                    while (get(&w.pong[id * size + to], gpu) != k) {}
                else
                    while (*(volatile int*)&answers != k) {}
                const long long t1 = clock64();
                if (recorded < kMaxSamples) w.cycles[id * kMaxSamples + recorded++] = t1 - t0;
            }
            w.samples[id] = recorded;
            if (alone == kPeer) put(&w.ping[(id + 1) % clusters * size], -1, gpu);
            for (int to = 1; to < size; ++to) {  // the listeners stop
                if (out_path == kGlobal)
                    put(&w.ping[id * size + to], -1, gpu);
                else
                    *(volatile int*)cluster.map_shared_rank(&inbox, to) = -1;
            }
        }
        if (threadIdx.x == 32 && alone == kPeer) {  // the previous cluster's prober's listener
            for (int last = 0;;) {
                last = poll(&w.ping[id * size], last, gpu);
                if (last < 0) break;
                put(&w.pong[id * size], last, gpu);
            }
        }
    } else if (threadIdx.x >= kCopyThreads) {
        if (threadIdx.x == kCopyThreads) {  // the listener
            for (int last = 0;;) {
                last = out_path == kGlobal ? poll(&w.ping[id * size + rank], last, gpu)
                                           : poll_shared(&inbox, last);
                if (last < 0) break;
                if (back_path == kGlobal)
                    put(&w.pong[id * size + rank], last, gpu);
                else
                    *(volatile int*)cluster.map_shared_rank(&answers, 0) = last;
            }
        }
    } else {
        const int copiers = int(gridDim.x) / size * (size - 1);
        const int copier = id * (size - 1) + rank - 1;
        if (shape.stages == 2)
            copy_share<2>(in, out, tiles, shape.rows, copier, copiers, ring);
        else if (shape.stages == 3)
            copy_share<3>(in, out, tiles, shape.rows, copier, copiers, ring);
        else
            copy_share<4>(in, out, tiles, shape.rows, copier, copiers, ring);
        asm volatile("bar.sync 1, %0;" ::"n"(kCopyThreads) : "memory");  // the copy warps only
        if (threadIdx.x == 0) atomicAdd(cluster.map_shared_rank(&finished, 0), 1);
    }
    cluster.sync();  // no block leaves while another may still write to its shared memory
}

// A launch of the probe in clusters of `cluster_size` blocks, one block an SM (its ring).
struct ClusterLaunch {
    cudaLaunchAttribute attribute[1] = {};
    cudaLaunchConfig_t config = {};
    ClusterLaunch(int cluster_size, int grid) {
        config.gridDim = dim3(unsigned(grid));
        config.blockDim = dim3(kThreads);
        config.dynamicSmemBytes = kRingBytes;
        attribute[0].id = cudaLaunchAttributeClusterDimension;
        attribute[0].val.clusterDim.x = unsigned(cluster_size);
        attribute[0].val.clusterDim.y = 1;
        attribute[0].val.clusterDim.z = 1;
        config.attrs = attribute;
        config.numAttrs = 1;
    }
    ClusterLaunch(const ClusterLaunch&) = delete;  // config points into the object itself
    ClusterLaunch& operator=(const ClusterLaunch&) = delete;
};

struct Run {
    double kernel_ms;
    std::vector<long long> cycles;
};

Run run(int cluster_size, int grid, const int4* in, int4* out, int tiles, Shape shape, Words w,
        int out_path, int back_path, int alone, bool gpu) {
    const int clusters = grid / cluster_size;
    SS_CUDA_CHECK(cudaMemset(w.ping, 0, std::size_t(grid) * 4));
    SS_CUDA_CHECK(cudaMemset(w.pong, 0, std::size_t(grid) * 4));
    SS_CUDA_CHECK(cudaMemset(w.samples, 0, std::size_t(clusters) * 4));
    const ClusterLaunch launch(cluster_size, grid);
    cudaEvent_t start, stop;
    SS_CUDA_CHECK(cudaEventCreate(&start));
    SS_CUDA_CHECK(cudaEventCreate(&stop));
    SS_CUDA_CHECK(cudaEventRecord(start));
    SS_CUDA_CHECK(cudaLaunchKernelEx(&launch.config, handoff, in, out, tiles, shape, w, out_path,
                                     back_path, alone, gpu));
    SS_CUDA_CHECK(cudaEventRecord(stop));
    SS_CUDA_CHECK(cudaEventSynchronize(stop));
    Run r;
    float ms = 0;
    SS_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    r.kernel_ms = ms;
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    std::vector<int> counts(static_cast<std::size_t>(clusters));
    SS_CUDA_CHECK(cudaMemcpy(counts.data(), w.samples, counts.size() * 4, cudaMemcpyDeviceToHost));
    std::vector<long long> all(std::size_t(clusters) * kMaxSamples);
    SS_CUDA_CHECK(cudaMemcpy(all.data(), w.cycles, all.size() * 8, cudaMemcpyDeviceToHost));
    for (int c = 0; c < clusters; ++c)
        for (int k = 0; k < counts[std::size_t(c)]; ++k)
            r.cycles.push_back(all[std::size_t(c) * kMaxSamples + std::size_t(k)]);
    return r;
}

double quantile(std::vector<long long> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return double(v[std::min(v.size() - 1, std::size_t(q * double(v.size())))]);
}

}  // namespace

int main(int argc, char** argv) {
    int log_n = 24, cluster_size = 8;
    bool gpu = false;  // --scope gpu: the global words relaxed at GPU scope, not volatile
    std::vector<Shape> shapes;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--log-n") == 0) log_n = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--cluster") == 0) cluster_size = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--scope") == 0) gpu = std::strcmp(argv[i + 1], "gpu") == 0;
        if (std::strcmp(argv[i], "--shape") == 0) {  // STAGESxROWS, e.g. 4x6
            Shape shape = {0, 0};
            std::sscanf(argv[i + 1], "%dx%d", &shape.stages, &shape.rows);
            shapes.push_back(shape);
        }
    }
    if (shapes.empty()) shapes.push_back({4, 6});
    bool bad = cluster_size < 2 || cluster_size > 8 || log_n < 20 || log_n > 30;
    for (const Shape& shape : shapes)
        bad = bad || shape.stages < 2 || shape.stages > 4 || shape.rows < 1 ||
              std::uint32_t(shape.stages * shape.rows) * kCopyThreads * 16 > kRingBytes;
    if (bad) {
        std::fprintf(stderr,
                     "usage: handoff_latency [--log-n 20..30] [--cluster 2..8] "
                     "[--shape STAGESxROWS]... [--scope sys|gpu] (stages 2..4, at most 192 KB a "
                     "ring)\n");
        return 2;
    }
    cudaDeviceProp prop;
    SS_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    int driver = 0, clock_khz = 0;
    SS_CUDA_CHECK(cudaDriverGetVersion(&driver));
    SS_CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
    const std::size_t n = std::size_t(1) << log_n;

    SS_CUDA_CHECK(cudaFuncSetAttribute(handoff, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       int(kRingBytes)));
    int clusters = 0;
    const ClusterLaunch one_cluster(cluster_size, cluster_size);
    SS_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, handoff, &one_cluster.config));
    if (clusters < 1) {
        std::fprintf(stderr, "no cluster of %d blocks fits\n", cluster_size);
        return 1;
    }
    const int grid = clusters * cluster_size;
    std::printf(
        "%s, %d SMs, CUDA driver %d, SM clock %d MHz; n = 2^%d int32, %d clusters of %d "
        "blocks: %d copying SMs, %d probers; global words %s\n",
        prop.name, prop.multiProcessorCount, driver, clock_khz / 1000, log_n, clusters,
        cluster_size, clusters * (cluster_size - 1), clusters,
        gpu ? "relaxed at GPU scope" : "volatile");

    int4 *in = nullptr, *out = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&in, n * 4));
    SS_CUDA_CHECK(cudaMalloc(&out, n * 4));
    std::vector<int> host(n);
    for (std::size_t i = 0; i < n; ++i)
        host[i] = int(i * 2654435761u);
    SS_CUDA_CHECK(cudaMemcpy(in, host.data(), n * 4, cudaMemcpyHostToDevice));
    Words w = {};
    SS_CUDA_CHECK(cudaMalloc(&w.ping, std::size_t(grid) * 4));
    SS_CUDA_CHECK(cudaMalloc(&w.pong, std::size_t(grid) * 4));
    SS_CUDA_CHECK(cudaMalloc(&w.cycles, std::size_t(clusters) * kMaxSamples * 8));
    SS_CUDA_CHECK(cudaMalloc(&w.samples, std::size_t(clusters) * 4));

    // The copy alone, for its pace: cudaMemcpy of the same bytes.
    cudaEvent_t start, stop;
    SS_CUDA_CHECK(cudaEventCreate(&start));
    SS_CUDA_CHECK(cudaEventCreate(&stop));
    float copy_ms = 1e9f;
    for (int rep = 0; rep < 5; ++rep) {
        SS_CUDA_CHECK(cudaEventRecord(start));
        SS_CUDA_CHECK(cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice));
        SS_CUDA_CHECK(cudaEventRecord(stop));
        SS_CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        SS_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        copy_ms = std::min(copy_ms, ms);
    }
    std::printf("cudaMemcpy: %.4f ms (best of 5)\n\n", double(copy_ms));
    std::printf("%-6s %-7s %-7s %-6s %9s %7s %8s %8s %8s  (round trip, ns at %d MHz)\n", "ring",
                "out", "back", "load", "kernel ms", "x copy", "p10", "median", "p90",
                clock_khz / 1000);

    const char* names[] = {"global", "dsmem"};
    const char* alone_names[] = {"", "peer", "read", "store"};
    const double ns_per_cycle = 1e6 / double(clock_khz);
    for (std::size_t s = 0; s < shapes.size(); ++s) {
        const Shape shape = shapes[s];
        const int pieces = shape.rows * kCopyThreads;
        const int tiles = int(n / 4 / std::size_t(pieces));
        char ring[32];
        std::snprintf(ring, sizeof ring, "%dx%d", shape.stages, shape.rows);
        for (int loaded = s == 0 ? 0 : 1; loaded < 2; ++loaded)  // idle: once
            for (int path = 0; path < 7; ++path) {
                const int out_path = path < 4 ? path / 2 : 0, back_path = path < 4 ? path % 2 : 0;
                const int alone = path < 4 ? kNone : path - 3;
                if (loaded && (path == 1 || path == 2)) continue;  // the mixed paths: once, idle
                const int t = loaded ? tiles : 0;
                run(cluster_size, grid, in, out, t, shape, w, out_path, back_path, alone,
                    gpu);  // warm
                SS_CUDA_CHECK(cudaMemset(out, 0, n * 4));
                const Run r =
                    run(cluster_size, grid, in, out, t, shape, w, out_path, back_path, alone, gpu);
                if (loaded) {
                    std::vector<int> got(n);
                    SS_CUDA_CHECK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
                    const std::size_t copied = std::size_t(tiles) * std::size_t(pieces) * 4;
                    if (!std::equal(got.begin(), got.begin() + long(copied), host.begin())) {
                        std::fprintf(stderr, "the copy is wrong\n");
                        return 1;
                    }
                }
                std::printf("%-6s %-7s %-7s %-6s %9.4f %7.3f %8.0f %8.0f %8.0f  (%zu samples)\n",
                            loaded ? ring : "-", alone ? alone_names[alone] : names[out_path],
                            alone ? alone_names[alone] : names[back_path], loaded ? "copy" : "idle",
                            r.kernel_ms, r.kernel_ms / double(copy_ms),
                            quantile(r.cycles, 0.1) * ns_per_cycle,
                            quantile(r.cycles, 0.5) * ns_per_cycle,
                            quantile(r.cycles, 0.9) * ns_per_cycle, r.cycles.size());
            }
    }
    return 0;
}
