// Sweeps the shapes of pipelined-lookback (rows per thread, ring stages, threads per block) beside
// decoupled-lookback's timed shape, a device copy and CUB, in one run, for int32 + inclusive.
// Standalone (headers only), so that the lent GPU machine builds it in seconds:
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 --expt-relaxed-constexpr
//        -I kernels bench/tune/tune_pipeline.cu -o tune_pipeline      (one line)
//   ./tune_pipeline [--sizes 20,24,28] [--reps 30] [--only R,S,T] [--spacing 1|16]
//                   [--reset memset] [--staged 1] [--staged-rows R] [--dealt-rounds R] [--held 0]
//                   [--cold-l2 MB] [--flush-l2 1]
//                   [--specialized 1] [--first-asks A] [--specialized-timeline 1]
//                   [--reduce-ahead 1] [--reduce-ahead-hints 1] [--reduce-ahead-timeline 1]
//
// bench/tuning.md records what it printed, and the predictions before.
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include "core/int_math.h"
#include "core/ops.h"
#include "device_line.h"
#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"
#include "gpu/gpu_launcher.cuh"
#include "reduce_ahead_scan.cuh"
#include "scan/decoupled_lookback.h"
#include "scan/lookback_policies.h"
#include "scan/pipelined_lookback.h"
#include "scan/staged_lookback.h"
#include "specialized_scan.cuh"

namespace scanscope {
namespace {

using Op = AddOp<int>;

// --held 0: each timed run queued on an idle GPU, the host's launch calls in its time; by default
// each behind a kernel that holds the stream (time_runs_held), as the app's timings are taken.
bool held = true;
// --cold-l2 MB: before each timed run's hold, a kernel reads MB megabytes of a scratch buffer, so
// that the run finds none of its own bytes (or dirty lines of its last run) in the L2: what one
// scan of fresh data costs, rather than one of a loop over the same buffers.
int cold_l2_mb = 0;
// --flush-l2 1: before each timed run's hold, a memset of a buffer the L2's size (L2Flush, as
// `scanscope bench --flush-l2` and NVBench's cold measurement); its zeros are left in the L2 as the
// run's to evict. It goes before --cold-l2 when both are given.
bool flush_l2 = false;

__global__ void read_scratch(const int4* scratch, std::size_t pieces, int* sink) {
    int sum = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < pieces;
         i += std::size_t(gridDim.x) * blockDim.x) {
        const int4 v = scratch[i];
        sum += v.x ^ v.y ^ v.z ^ v.w;
    }
    if (sum == 0x7fffffff) *sink = sum;  // never in practice; keeps the loads
}

struct Probe {
    int n;
    int reps;
    int sms = 0;
    int* in = nullptr;
    int* out = nullptr;
    DescriptorWord* descriptors = nullptr;  // two sets, each enough for the smallest tiles
    std::size_t descriptor_words = 0;       // in one set, the counter last
    int runs = 0;                           // launches since the sets were zeroed
    std::vector<int> expected;
    cudaStream_t stream = nullptr;
    double copy_ms = 0;
    double cub_ms = 0;
    int4* scratch = nullptr;  // --cold-l2's buffer
    std::size_t scratch_pieces = 0;
    std::unique_ptr<L2Flush> flush;  // --flush-l2's

    Probe(int n_, int reps_) : n(n_), reps(reps_), expected(std::size_t(n_)) {
        std::vector<int> host(static_cast<std::size_t>(n));
        long long running = 0;
        for (int i = 0; i < n; ++i) {
            host[std::size_t(i)] = 1 + (i * 7 + i / 3) % 7;
            expected[std::size_t(i)] = int(running += host[std::size_t(i)]);
        }
        SS_CUDA_CHECK(cudaStreamCreate(&stream));
        SS_CUDA_CHECK(cudaMalloc(&in, std::size_t(n) * 4));
        SS_CUDA_CHECK(cudaMalloc(&out, std::size_t(n) * 4));
        descriptor_words = std::size_t(n / 1024 + 2) * kDescriptorsPerLine;
        SS_CUDA_CHECK(cudaMalloc(&descriptors, 2 * descriptor_words * 8));
        SS_CUDA_CHECK(cudaMemcpy(in, host.data(), std::size_t(n) * 4, cudaMemcpyHostToDevice));
        SS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        if (flush_l2) flush = std::make_unique<L2Flush>(true, stream);
        if (cold_l2_mb > 0) {
            scratch_pieces = std::size_t(cold_l2_mb) * 1000 * 1000 / 16;
            SS_CUDA_CHECK(cudaMalloc(&scratch, scratch_pieces * 16 + 16));
            SS_CUDA_CHECK(cudaMemset(scratch, 1, scratch_pieces * 16 + 16));
        }
    }
    ~Probe() {
        cudaFree(scratch);
        cudaFree(in);
        cudaFree(out);
        cudaFree(descriptors);
        cudaStreamDestroy(stream);
    }

    // Runs once and checks the scan (unless `check` is false), then the median of `reps` runs.
    double time(const std::function<void()>& run, bool check, const char* what) {
        SS_CUDA_CHECK(cudaMemsetAsync(out, 0xff, std::size_t(n) * 4, stream));
        run();
        SS_CUDA_CHECK(cudaStreamSynchronize(stream));
        if (check) {
            std::vector<int> got(static_cast<std::size_t>(n));
            SS_CUDA_CHECK(cudaMemcpy(got.data(), out, got.size() * 4, cudaMemcpyDeviceToHost));
            if (got != expected) {
                const auto bad = std::mismatch(got.begin(), got.end(), expected.begin());
                std::printf("%s: WRONG RESULT at %td: %d, expected %d\n", what,
                            bad.first - got.begin(), *bad.first, *bad.second);
                std::exit(1);
            }
        }
        for (int w = 0; w < 3; ++w)
            run();
        const auto cool = [&] {
            if (flush) (*flush)();
            if (!scratch) return;
            read_scratch<<<4 * sms, 512, 0, stream>>>(
                scratch, scratch_pieces, reinterpret_cast<int*>(scratch + scratch_pieces));
            SS_CUDA_CHECK_LAUNCH();
        };
        return middle_run_ms(stream, reps, run, held, cool);
    }

    void print(const char* name, double ms, const char* shape) const {
        std::printf("%-20s %-44s %9.4f ms  x copy %.3f  x CUB %.3f\n", name, shape, ms,
                    ms / copy_ms, ms / cub_ms);
    }
};

// --spacing S: words from one tile's descriptor to the next (kernels/core/tile_descriptor.h);
// 0, the default: as the app's drivers choose, one a line when there are more tiles than blocks
// at once (staged-lookback: always). descriptor_spacing is what the row being timed uses.
int spacing_option = 0;
int descriptor_spacing = 1;

// As the app's drivers choose for `Scan` (kernels::alloc_descriptors).
template <class Scan>
void choose_spacing(int tiles, int resident_blocks) {
    descriptor_spacing =
        spacing_option > 0
            ? spacing_option
            : timed_descriptor_spacing(tiles, resident_blocks, SpreadsOneRound<Scan>::value);
}
// --reset memset: a memset launch zeroes the descriptors before each launch (as before
// TileDescriptors::ready_next_launch); by default two sets by turns, as the app's drivers do.
bool reset_by_memset = false;

// Zeroes both sets before a row's first launch (not timed).
void fresh_descriptors(Probe& p) {
    SS_CUDA_CHECK(cudaMemsetAsync(p.descriptors, 0, 2 * p.descriptor_words * 8, p.stream));
    p.runs = 0;
}

// This launch's descriptors and tile counter: set 0 after a memset, or the set whose turn it is.
TileDescriptors descriptors_for_launch(Probe& p, int*& counter) {
    DescriptorWord* set = p.descriptors;
    DescriptorWord* next_set = nullptr;
    if (reset_by_memset) {
        SS_CUDA_CHECK(cudaMemsetAsync(set, 0, p.descriptor_words * 8, p.stream));
    } else {
        const int turn = p.runs++ % 2;
        set = p.descriptors + std::size_t(turn) * p.descriptor_words;
        next_set = p.descriptors + std::size_t(1 - turn) * p.descriptor_words;
    }
    counter = tile_counter_of(set, p.descriptor_words);
    return descriptors_in(set, next_set, p.descriptor_words, descriptor_spacing);
}

template <class Scan>
void launch(Probe& p, int grid, int threads, std::uint32_t shared, Scan scan) {
    LaunchEnv env;
    env.shared_bytes = shared;
    const auto entry = kernel_entry<PlainMode, Scan>();
    if constexpr (requires_all_resident<Scan>()) {
        void* args[] = {&scan, &env};
        SS_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(entry), grid,
                                                  threads, args, shared, p.stream));
    } else {
        entry<<<grid, threads, shared, p.stream>>>(scan, env);
        SS_CUDA_CHECK_LAUNCH();
    }
}

void decoupled_row(Probe& p) {
    using Scan = kernels::DecoupledLookbackScan<int, Op, 20, 4>;
    const int threads = 512;
    const int tiles = (p.n + Scan::tile_elements(threads) - 1) / Scan::tile_elements(threads);
    const std::uint32_t shared = 32 * 4 + 4 + 4;
    choose_spacing<Scan>(tiles, p.sms);  // one block an SM (128 registers a thread)
    fresh_descriptors(p);
    const double ms = p.time(
        [&] {
            int* counter = nullptr;
            const TileDescriptors d = descriptors_for_launch(p, counter);
            launch(p, tiles, threads, shared, Scan{p.in, p.out, p.n, true, d, counter});
        },
        true, "decoupled-lookback");
    char shape[192];
    std::snprintf(shape, sizeof shape, "20 rows x 4, 512 threads, one tile a block, spacing %d%s",
                  descriptor_spacing, reset_by_memset ? ", memset" : "");
    p.print("decoupled-lookback", ms, shape);
}

// --only R,S,T: the one shape of R rows, S stages and T threads (for Nsight Compute).
int only_rows = 0, only_stages = 0, only_threads = 0;

// How a persistent kernel's row runs: its blocks an SM (0 when it asks for too much shared memory
// or registers), its registers, tiles and grid; the descriptors' spacing is chosen for that grid.
struct PersistentShape {
    int per_sm = 0;
    int registers = 0;
    int local_bytes = 0;
    int tiles = 0;
    int grid = 0;
};

// Tiles of `tile_elements`; per_sm 0 when the kernel's shared memory (dynamic and static) is
// more than a block may have.
template <class Entry>
PersistentShape persistent_fit(const Probe& p, Entry entry, int threads, std::uint32_t shared,
                               int tile_elements) {
    PersistentShape s;
    cudaFuncAttributes attributes;
    SS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, entry));
    int optin = 0;
    SS_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    if (shared + attributes.sharedSizeBytes > std::size_t(optin)) return s;
    SS_CUDA_CHECK(
        cudaFuncSetAttribute(entry, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&s.per_sm, entry, threads, shared));
    s.registers = attributes.numRegs;
    s.local_bytes = int(attributes.localSizeBytes);
    s.tiles = ceil_div(p.n, tile_elements);
    s.grid = std::min(s.tiles, s.per_sm * p.sms);
    return s;
}

template <class Scan, class Entry>
PersistentShape persistent_shape(const Probe& p, Entry entry, int threads, std::uint32_t shared) {
    return persistent_fit(p, entry, threads, shared, Scan::tile_elements(threads));
}

template <int Rows, int Stages>
void pipelined_row(Probe& p, int threads) {
    if (only_rows && (Rows != only_rows || Stages != only_stages || threads != only_threads))
        return;
    using Scan = kernels::PipelinedLookbackScan<int, Op, Rows, 4, Stages>;
    const auto entry = kernel_entry<PlainMode, Scan>();
    const std::uint32_t shared = Scan::shared_bytes(threads);
    const PersistentShape fit = persistent_shape<Scan>(p, entry, threads, shared);
    if (fit.per_sm == 0) return;  // too much shared memory or too many registers
    const int tiles = fit.tiles, grid = fit.grid, per_sm = fit.per_sm;
    choose_spacing<Scan>(tiles, grid);
    if (std::size_t(tiles) * descriptor_spacing + 1 > p.descriptor_words) return;
    fresh_descriptors(p);
    const double ms = p.time(
        [&] {
            int* unused_counter = nullptr;
            const TileDescriptors d = descriptors_for_launch(p, unused_counter);
            launch(p, grid, threads, shared, Scan{p.in, p.out, p.n, true, d, tiles});
        },
        true, "pipelined-lookback");
    char shape[192];
    std::snprintf(shape, sizeof shape,
                  "%2d rows x 4, %d stages, %3d thr, %d/SM, %3u KB, %d reg, spacing %d%s", Rows,
                  Stages, threads, per_sm, shared / 1024, fit.registers, descriptor_spacing,
                  reset_by_memset ? ", memset" : "");
    p.print("pipelined-lookback", ms, shape);
}

// --staged: staged-lookback (kernels/scan/staged_lookback.h) in several shapes.
bool staged = false;

// --staged-rows R: only staged-lookback's row of R rows (for Nsight Compute).
int only_staged_rows = 0;
// --dealt-rounds R: staged-lookback's first R rounds of tiles dealt by index, the rest from the
// counter (at least 2; the app's drivers use StagedLookbackPolicy::kDealtRounds).
int dealt_rounds = kernels::StagedLookbackPolicy::kDealtRounds;

template <int Rows>
void staged_row(Probe& p, int threads) {
    if (only_staged_rows && Rows != only_staged_rows) return;
    using Scan = kernels::StagedLookbackScan<int, Op, Rows, 4>;
    const auto entry = kernel_entry<PlainMode, Scan>();
    const std::uint32_t shared = Scan::shared_bytes(threads);
    const PersistentShape fit = persistent_shape<Scan>(p, entry, threads, shared);
    if (fit.per_sm == 0) {
        std::printf("staged %d rows: does not fit (%d reg)\n", Rows, fit.registers);
        return;
    }
    const int tiles = fit.tiles, grid = fit.grid, per_sm = fit.per_sm;
    choose_spacing<Scan>(tiles, grid);
    if (std::size_t(tiles) * descriptor_spacing + 1 > p.descriptor_words) return;
    fresh_descriptors(p);
    const double ms = p.time(
        [&] {
            int* counter = nullptr;
            const TileDescriptors d = descriptors_for_launch(p, counter);
            launch(p, grid, threads, shared,
                   Scan{p.in, p.out, p.n, true, d, counter, tiles,
                        dealt_tiles(tiles, grid, dealt_rounds)});
        },
        true, "staged-lookback");
    char shape[192];
    std::snprintf(
        shape, sizeof shape,
        "%2d rows x 4, %3d thr, %d/SM, %u KB, %d reg, %d local, sp %d, %.2f rounds, %d dealt", Rows,
        threads, per_sm, shared / 1024, fit.registers, fit.local_bytes, descriptor_spacing,
        double(tiles) / double(grid), std::min(dealt_rounds, ceil_div(tiles, grid)));
    p.print("staged-lookback", ms, shape);
}

// --specialized 1: the warp-specialized probe (specialized_scan.cuh) in several shapes.
bool specialized_rows = false;
// --specialized-timeline 1: after each of its rows, one launch that records when each tile was
// asked for, landed, published, prefixed, scanned and stored (medians over the blocks, us).
bool specialized_timeline = false;
// --first-asks A: the tiles each block asks for before its first lands (0: the whole ring);
// -A: before its first prefix is known.
int first_asks = 0;

// How the probe's blocks start: --first-asks, or else the whole ring.
int specialized_first_asks(int stages) {
    return first_asks != 0 ? first_asks : stages;
}

// One cooperative launch of the probe (every block resident: its tiles are dealt), recording its
// timeline where one is given.
template <class Kernel>
void launch_specialized(Probe& p, Kernel kernel, int grid, int threads, std::uint32_t shared,
                        int tiles, int stages, unsigned long long* timeline) {
    int* unused_counter = nullptr;
    TileDescriptors d = descriptors_for_launch(p, unused_counter);
    int n = p.n, t = tiles, asks = specialized_first_asks(stages);
    const int* in = p.in;
    int* out = p.out;
    void* args[] = {&in, &out, &n, &d, &t, &timeline, &asks};
    SS_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), grid, threads,
                                              args, shared, p.stream));
}

// Prints a timeline a diagnostic launch recorded: [block][k][event] of %globaltimer ns, event 0 of
// k = 0 the block's start, `names` the events from 1 on (medians over the blocks, us).
void print_timeline(const std::vector<unsigned long long>& host, int grid, int rounds,
                    int timeline_tiles, const std::vector<const char*>& names) {
    const int events = int(names.size()) + 1;
    const auto at = [&](int b, int k, int e) {
        return host[(std::size_t(b) * timeline_tiles + k) * events + e];
    };
    unsigned long long start = ~0ull;
    for (int b = 0; b < grid; ++b)
        start = std::min(start, at(b, 0, 0));
    const auto us = [&](unsigned long long ns) { return ns ? double(ns - start) / 1000 : -1.0; };
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v.empty() ? -1.0 : v[v.size() / 2];
    };
    rounds = std::min(timeline_tiles, rounds);
    std::vector<double> starts;
    for (int b = 0; b < grid; ++b)
        starts.push_back(us(at(b, 0, 0)));
    std::printf(
        "   timeline (us from the first block's start; medians over blocks; max in []):"
        " blocks start by %.2f\n",
        *std::max_element(starts.begin(), starts.end()));
    std::printf("   %5s", "tile");
    for (const char* name : names)
        std::printf(" %14s", name);
    std::printf("\n");
    for (int k = 0; k < rounds; ++k) {
        if (k > 4 && k < rounds - 3 && k % 4 != 0) continue;
        std::printf("   %5d", k);
        for (int e = 1; e < events; ++e) {
            std::vector<double> v;
            for (int b = 0; b < grid; ++b)
                if (at(b, k, e)) v.push_back(us(at(b, k, e)));
            std::printf(" %6.2f [%5.2f]", median(v),
                        v.empty() ? -1.0 : *std::max_element(v.begin(), v.end()));
        }
        std::printf("\n");
    }
}

// One launch with a timeline of `words` words, which `launch(timeline)` records into; returns it.
std::vector<unsigned long long> record_timeline(
    Probe& p, std::size_t words, const std::function<void(unsigned long long*)>& launch) {
    unsigned long long* timeline = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&timeline, words * 8));
    SS_CUDA_CHECK(cudaMemsetAsync(timeline, 0, words * 8, p.stream));
    launch(timeline);
    SS_CUDA_CHECK(cudaStreamSynchronize(p.stream));
    std::vector<unsigned long long> host(words);
    SS_CUDA_CHECK(cudaMemcpy(host.data(), timeline, words * 8, cudaMemcpyDeviceToHost));
    SS_CUDA_CHECK(cudaFree(timeline));
    return host;
}

template <class Kernel>
void print_specialized_timeline(Probe& p, Kernel kernel, int grid, int tiles, std::uint32_t shared,
                                int threads, int stages) {
    using namespace specialized;
    const auto host = record_timeline(
        p, std::size_t(grid) * kTimelineTiles * kEvents, [&](unsigned long long* timeline) {
            launch_specialized(p, kernel, grid, threads, shared, tiles, stages, timeline);
        });
    print_timeline(host, grid, ceil_div(tiles, grid), kTimelineTiles,
                   {"asked", "landed", "published", "prefixed", "scanned", "stored"});
}

template <int Rows, int Threads, int Stages>
void specialized_row(Probe& p) {
    using Shape = specialized::Shape<Rows, Threads, Stages>;
    const auto kernel = specialized::specialized_scan<Rows, Threads, Stages>;
    const std::uint32_t shared = Shape::kRingBytes;
    if (p.n % 4 != 0) return;
    const PersistentShape fit =
        persistent_fit(p, kernel, Shape::kBlockThreads, shared, Shape::kElements);
    const int tiles = fit.tiles, grid = fit.grid, per_sm = fit.per_sm;
    if (per_sm == 0 || grid - 1 > 32 * Shape::kMaxWindows) return;
    descriptor_spacing = spacing_option > 0 ? spacing_option : kDescriptorsPerLine;
    if (std::size_t(tiles) * descriptor_spacing + 1 > p.descriptor_words) return;
    fresh_descriptors(p);
    const double ms = p.time(
        [&] {
            launch_specialized(p, kernel, grid, Shape::kBlockThreads, shared, tiles, Stages,
                               nullptr);
        },
        true, "specialized");
    char shape[192];
    std::snprintf(
        shape, sizeof shape,
        "%2d rows x 4, %3d+96 thr, %2d stages, %d/SM, %u KB, %d reg, %.2f rounds, %d first", Rows,
        Threads, Stages, per_sm, shared / 1024, fit.registers, double(tiles) / double(grid),
        specialized_first_asks(Stages));
    p.print("specialized", ms, shape);
    if (specialized_timeline)
        print_specialized_timeline(p, kernel, grid, tiles, shared, Shape::kBlockThreads, Stages);
}

// --reduce-ahead 1: the reduce-ahead probe (reduce_ahead_scan.cuh) in several shapes;
// --reduce-ahead-hints 1: each step asks for the tile it adds up before the one it scans;
// --reduce-ahead-timeline 1: after each of its rows, one launch with a timeline.
bool reduce_ahead_rows = false;
int reduce_ahead_hints = 0;
bool reduce_ahead_timeline = false;

template <int Rows, int Threads, int Stages, int Ahead>
void reduce_ahead_row(Probe& p) {
    using Shape = reduce_ahead::Shape<Rows, Threads, Stages, Ahead>;
    const auto kernel = reduce_ahead::reduce_ahead_scan<Rows, Threads, Stages, Ahead>;
    const std::uint32_t shared = Shape::kRingBytes;
    if (p.n % 4 != 0) return;
    const PersistentShape fit = persistent_fit(p, kernel, Threads, shared, Shape::kElements);
    // At most the blocks the look-back reaches.
    const int per_sm = std::min(fit.per_sm, (32 * Shape::kMaxWindows + 1) / p.sms);
    const int tiles = fit.tiles;
    const int grid = std::min(tiles, per_sm * p.sms);
    if (per_sm == 0) {
        std::printf("reduce-ahead %d x %d: does not fit\n", Rows, Threads);
        return;
    }
    descriptor_spacing = spacing_option > 0 ? spacing_option : kDescriptorsPerLine;
    if (std::size_t(tiles) * descriptor_spacing + 1 > p.descriptor_words) return;
    const auto launch_row = [&](unsigned long long* timeline) {
        int* unused_counter = nullptr;
        TileDescriptors d = descriptors_for_launch(p, unused_counter);
        int n = p.n, t = tiles, hints = reduce_ahead_hints;
        const int* in = p.in;
        int* out = p.out;
        void* args[] = {&in, &out, &n, &d, &t, &timeline, &hints};
        SS_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), grid,
                                                  Threads, args, shared, p.stream));
    };
    fresh_descriptors(p);
    const double ms = p.time([&] { launch_row(nullptr); }, true, "reduce-ahead");
    char shape[192];
    std::snprintf(shape, sizeof shape,
                  "%2d rows x 4, %3d thr, %d stages, %d ahead, %d/SM, %u KB, %d reg, %d local, "
                  "%.2f rounds, hints %d",
                  Rows, Threads, Stages, Ahead, per_sm, shared / 1024, fit.registers,
                  fit.local_bytes, double(tiles) / double(grid), reduce_ahead_hints);
    p.print("reduce-ahead", ms, shape);
    if (reduce_ahead_timeline) {
        using namespace reduce_ahead;
        const auto host =
            record_timeline(p, std::size_t(grid) * kTimelineTiles * kEvents, launch_row);
        print_timeline(host, grid, ceil_div(tiles, grid), kTimelineTiles,
                       {"prefixed", "stored", "published"});
    }
}

void sweep(int log_n, int reps) {
    Probe p(1 << log_n, reps);
    const std::size_t bytes = std::size_t(p.n) * 4;
    std::size_t temp_bytes = 0;
    SS_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, p.in, p.out, p.n));
    void* temp = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&temp, temp_bytes));
    p.copy_ms = p.time(
        [&] {
            SS_CUDA_CHECK(cudaMemcpyAsync(p.out, p.in, bytes, cudaMemcpyDeviceToDevice, p.stream));
        },
        false, "copy");
    p.cub_ms = p.time(
        [&] {
            SS_CUDA_CHECK(
                cub::DeviceScan::InclusiveSum(temp, temp_bytes, p.in, p.out, p.n, p.stream));
        },
        true, "CUB");
    std::printf("\n== n = 2^%d: copy %.4f ms (%.0f GB/s), CUB InclusiveSum %.4f ms (x copy %.3f)\n",
                log_n, p.copy_ms, 2.0 * double(bytes) / p.copy_ms / 1e6, p.cub_ms,
                p.cub_ms / p.copy_ms);
    decoupled_row(p);
    pipelined_row<6, 4>(p, 512);
    pipelined_row<8, 3>(p, 512);
    pipelined_row<4, 3>(p, 1024);
    pipelined_row<3, 4>(p, 1024);
    if (specialized_rows) {
        specialized_row<8, 256, 6>(p);
        specialized_row<8, 256, 7>(p);
        specialized_row<4, 512, 6>(p);
    }
    if (reduce_ahead_rows) {
        reduce_ahead_row<4, 256, 4, 2>(p);
        reduce_ahead_row<8, 256, 3, 2>(p);
        reduce_ahead_row<8, 256, 4, 2>(p);
        reduce_ahead_row<8, 512, 3, 2>(p);
        reduce_ahead_row<8, 256, 3, 1>(p);
    }
    if (staged) {
        // Smaller tiles for small n (2^20: 8 rows x 4 x 512 make 64 tiles for 132 SMs).
        staged_row<4>(p, 512);
        staged_row<4>(p, 256);
        staged_row<6>(p, 512);
        staged_row<8>(p, 256);
        staged_row<8>(p, 512);
        staged_row<10>(p, 512);
        staged_row<11>(p, 512);
        staged_row<12>(p, 512);
        staged_row<13>(p, 512);
        staged_row<14>(p, 512);
        // Two blocks an SM, half the tile each: a shorter last round, barriers that overlap.
        staged_row<12>(p, 256);
        staged_row<13>(p, 256);
        staged_row<14>(p, 256);
    }
    cudaFree(temp);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    std::vector<int> sizes = {20, 24, 28};
    int reps = 30;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--held") == 0) scanscope::held = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--cold-l2") == 0) scanscope::cold_l2_mb = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--flush-l2") == 0)
            scanscope::flush_l2 = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--staged") == 0) scanscope::staged = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--first-asks") == 0)
            scanscope::first_asks = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--specialized-timeline") == 0)
            scanscope::specialized_timeline = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--specialized") == 0)
            scanscope::specialized_rows = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--reduce-ahead") == 0)
            scanscope::reduce_ahead_rows = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--reduce-ahead-hints") == 0)
            scanscope::reduce_ahead_hints = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--reduce-ahead-timeline") == 0)
            scanscope::reduce_ahead_timeline = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--dealt-rounds") == 0)
            scanscope::dealt_rounds = std::max(2, std::atoi(argv[i + 1]));
        if (std::strcmp(argv[i], "--staged-rows") == 0)
            scanscope::only_staged_rows = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--spacing") == 0)
            scanscope::spacing_option = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--reset") == 0)
            scanscope::reset_by_memset = std::strcmp(argv[i + 1], "memset") == 0;
        if (std::strcmp(argv[i], "--only") == 0)
            std::sscanf(argv[i + 1], "%d,%d,%d", &scanscope::only_rows, &scanscope::only_stages,
                        &scanscope::only_threads);
        if (std::strcmp(argv[i], "--sizes") == 0) {
            sizes.clear();
            for (char* s = std::strtok(argv[i + 1], ","); s; s = std::strtok(nullptr, ","))
                sizes.push_back(std::atoi(s));
        }
    }
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // each line out at once, even into a pipe
    try {
        std::printf("%s, CUB %d\n", scanscope::probe::device_line().c_str(), CUB_VERSION);
        for (int log_n : sizes)
            scanscope::sweep(log_n, reps);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tune_pipeline: %s\n", e.what());
        return 1;
    }
    return 0;
}
