// A one-off probe (issue 41, 2026-11-27, the fourteenth session): a summed-area table as reduce,
// then scan, in one launch, the scan reading its tile again from the L2. The records show that
// tiles with a look-back along the rows and one up the columns cannot have both the memory
// pattern of row after row (1.05 x the copy with no look-back) and no waiting (bench/tuning.md).
// Here nothing walks back along a row: each tile of 128 x 128 is worked on twice, by two blocks.
//   reduce (tile r, c): load the tile, add each row, publish the 128 row sums;
//   row scan (tile row r): once every tile of the row has reduced, one block adds the row sums
//     across the row of tiles and publishes, for each tile, each row's sum left of it;
//   scan (tile r, c): load the tile again (from the L2, if it is still there), take the rows'
//     left sums and the entries above the tile (the tile above's scan, a row of tiles earlier),
//     write the tile's entries, publish its last row's entries for the tile below.
// Tickets follow a table made on the host: row after row of tiles, the reduces of row j beside
// the scans of row j - lag, and row j's row scan after its last reduce, so that every wait is on
// a smaller ticket, most of them long done. The DRAM then sees row after row: the reduces' reads
// and the scans' writes; the scans' reads should hit the L2 (the window between a tile's reduce
// and its scan holds about 2 * lag rows of tiles of reads and writes: 32 MB at lag 2).
//
// With hints, the reduces' loads ask the L2 to keep the lines (evict_last) and the scans' loads and
// stores to drop them first (evict_first). Mask 1 skips every wait (results wrong by design).
// Self-contained; int32, +, square tables of 2^14 to 2^28 entries. Timed as `reps` launches back
// to back between two events, each behind a memset of the flags, against `reps` device copies of
// the table timed the same way; every unmasked result checked against the sequential table.
//   nvcc -O3 -std=c++17 -arch=sm_90 bench/tune/probe_sat_reread.cu -o probe_sat_reread
//   ./probe_sat_reread 24 28
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CHECK(call)                                                                             \
    do {                                                                                        \
        const cudaError_t error_ = (call);                                                      \
        if (error_ != cudaSuccess) {                                                            \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(error_)); \
            std::exit(2);                                                                       \
        }                                                                                       \
    } while (0)

namespace {

constexpr int kTile = 128;                  // a tile's rows and columns
constexpr int kThreads = 256;               // 8 warps
constexpr int kWarps = kThreads / 32;       //
constexpr int kRows = kTile / kWarps;       // 16 rows a warp
constexpr int kVec = 4;                     // a lane's 4 columns: one 16-byte access
constexpr int kPitch = kTile + kTile / 32;  // a word of padding every 32 columns
constexpr int kMaxStrips = 128;             // the row scan holds 64 sums a thread

enum Kind : int { kReduce = 0, kRowScan = 1, kScan = 2 };
__host__ __device__ int encode(Kind kind, int row, int strip) {
    return int(kind) << 28 | row << 14 | strip;
}

struct Table {
    const int* in;
    int* out;
    int width, height, strips;
    int* counter;     // tickets
    const int* work;  // what each ticket does (encode)
    int* reduced;     // [tile]: the row sums are published
    int* scanned;     // [tile row]: the rows' left sums are published
    int* done;        // [tile]: the last row's entries are published
    int* row_sums;    // [tile][128]: each row's sum within the tile
    int* row_left;    // [tile][128]: each row's sum left of the tile
    int* last_row;    // [tile][128]: the table's entries in the tile's last row
    int* stuck;       // set when a wait gave up (a bug: the probe then says so)
    int hints;
    int mask;
};

__device__ __forceinline__ int load_acquire(const int* p) {
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void store_release(int* p, int v) {
    asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void publish(int* flag) {
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        store_release(flag, 1);
    }
}
__device__ __forceinline__ void wait_for(const int* flag, int* stuck) {
    long long spins = 0;
    while (load_acquire(flag) == 0)
        if (++spins > (1 << 26)) {
            atomicExch(stuck, 1);
            return;
        }
}

__device__ __forceinline__ unsigned long long evict_last() {
    unsigned long long p;
    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
    return p;
}
__device__ __forceinline__ unsigned long long evict_first() {
    unsigned long long p;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
    return p;
}
__device__ __forceinline__ int4 load4(const int* p, bool hinted, unsigned long long policy) {
    if (!hinted) return *reinterpret_cast<const int4*>(p);
    int4 v;
    asm volatile("ld.global.L2::cache_hint.v4.s32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p), "l"(policy));
    return v;
}
__device__ __forceinline__ void store4(int* p, int4 v, bool hinted, unsigned long long policy) {
    if (!hinted) {
        *reinterpret_cast<int4*>(p) = v;
        return;
    }
    asm volatile("st.global.L2::cache_hint.v4.s32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(p),
                 "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w), "l"(policy)
                 : "memory");
}

// Reduce: each row's sum within the tile.
__device__ void reduce_tile(const Table& t, int tile_row, int strip) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
    const int tile = tile_row * t.strips + strip;
    const long long origin = static_cast<long long>(tile_row * kTile + warp * kRows) * t.width +
                             strip * kTile + lane * kVec;
    const unsigned long long policy = t.hints ? evict_last() : 0;
    int4 rows[kRows];
    for (int r = 0; r < kRows; ++r)
        rows[r] = load4(t.in + origin + static_cast<long long>(r) * t.width, t.hints, policy);
    int mine = 0;
    for (int r = 0; r < kRows; ++r) {
        int sum = rows[r].x + rows[r].y + rows[r].z + rows[r].w;
        for (int d = 16; d > 0; d /= 2)
            sum += __shfl_xor_sync(~0u, sum, d);
        if (lane == r) mine = sum;
    }
    if (lane < kRows) t.row_sums[static_cast<long long>(tile) * kTile + warp * kRows + lane] = mine;
    publish(t.reduced + tile);
}

// Row scan: for each tile of the row of tiles, each row's sum left of it.
__device__ void scan_row_of_tiles(const Table& t, int tile_row, int* s_partial) {
    if (threadIdx.x < 32 && !(t.mask & 1))
        for (int c = threadIdx.x; c < t.strips; c += 32)
            wait_for(t.reduced + tile_row * t.strips + c, t.stuck);
    __syncthreads();
    const int y = threadIdx.x % kTile, half = threadIdx.x / kTile;
    const int per_half = (t.strips + 1) / 2, first = half * per_half;
    const int count = min(per_half, t.strips - first);
    const long long base = static_cast<long long>(tile_row) * t.strips * kTile + y;
    int sums[kMaxStrips / 2];
    int total = 0;
#pragma unroll
    for (int i = 0; i < kMaxStrips / 2; ++i) {
        sums[i] = i < count ? __ldcg(t.row_sums + base + static_cast<long long>(first + i) * kTile)
                            : 0;
        total += sums[i];
    }
    s_partial[threadIdx.x] = total;
    __syncthreads();
    int left = half ? s_partial[y] : 0;
#pragma unroll
    for (int i = 0; i < kMaxStrips / 2; ++i) {
        if (i < count) t.row_left[base + static_cast<long long>(first + i) * kTile] = left;
        left += sums[i];
    }
    publish(t.scanned + tile_row);
}

// Scan: the tile's entries, from its rows' left sums and the entries above it.
__device__ void scan_tile(const Table& t, int tile_row, int strip, int* s_left, int* s_above,
                          int* s_sums, int* s_lefts) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
    const int tile = tile_row * t.strips + strip;
    const auto padded = [](int c) { return c + c / 32; };
    if (threadIdx.x == 0 && !(t.mask & 1)) {
        wait_for(t.scanned + tile_row, t.stuck);
        if (tile_row > 0) wait_for(t.done + tile - t.strips, t.stuck);
    }
    __syncthreads();
    const long long origin = static_cast<long long>(tile_row * kTile + warp * kRows) * t.width +
                             strip * kTile + lane * kVec;
    const unsigned long long policy = t.hints ? evict_first() : 0;
    int items[kRows][kVec];
    for (int r = 0; r < kRows; ++r) {
        const int4 v = load4(t.in + origin + static_cast<long long>(r) * t.width, t.hints, policy);
        items[r][0] = v.x;
        items[r][1] = v.y;
        items[r][2] = v.z;
        items[r][3] = v.w;
    }
    const long long vector = static_cast<long long>(tile) * kTile;
    if (threadIdx.x < kTile) {
        s_left[threadIdx.x] = __ldcg(t.row_left + vector + threadIdx.x);
        s_above[threadIdx.x] =
            tile_row > 0 ? __ldcg(t.last_row + vector - t.strips * kTile + threadIdx.x) : 0;
    }
    // Each row scanned across the tile.
    for (int r = 0; r < kRows; ++r) {
        int in_row = items[r][0] + items[r][1] + items[r][2] + items[r][3];
        for (int d = 1; d < 32; d *= 2) {
            const int other = __shfl_up_sync(~0u, in_row, d);
            if (lane >= d) in_row += other;
        }
        int before = __shfl_up_sync(~0u, in_row, 1);
        if (lane == 0) before = 0;
        for (int v = 0; v < kVec; ++v) {
            before += items[r][v];
            items[r][v] = before;
        }
    }
    __syncthreads();
    // Down the warp's rows: the column sums with their left parts.
    int left_down[kRows];
    int warp_lefts = 0;
    for (int r = 0; r < kRows; ++r) {
        warp_lefts += s_left[warp * kRows + r];
        left_down[r] = warp_lefts;
    }
    for (int r = 1; r < kRows; ++r)
        for (int v = 0; v < kVec; ++v)
            items[r][v] += items[r - 1][v];
    for (int v = 0; v < kVec; ++v)
        s_sums[warp * kPitch + padded(lane * kVec + v)] = items[kRows - 1][v];
    if (lane == 0) s_lefts[warp] = warp_lefts;
    __syncthreads();
    // A thread a column adds it down the warps; the tile's last row goes to the tile below.
    if (threadIdx.x < kTile) {
        int column = s_above[threadIdx.x];
        for (int w = 0; w < kWarps; ++w) {
            const int at = w * kPitch + padded(threadIdx.x);
            const int warp_sum = s_sums[at];
            s_sums[at] = column;
            column += warp_sum + s_lefts[w];
        }
        t.last_row[vector + threadIdx.x] = column;
    }
    publish(t.done + tile);
    // Each entry: above the warp (the tile above included), the rows' left parts, its own rows.
    int from_above[kVec];
    for (int v = 0; v < kVec; ++v)
        from_above[v] = s_sums[warp * kPitch + padded(lane * kVec + v)];
    for (int r = 0; r < kRows; ++r) {
        int4 v;
        v.x = from_above[0] + left_down[r] + items[r][0];
        v.y = from_above[1] + left_down[r] + items[r][1];
        v.z = from_above[2] + left_down[r] + items[r][2];
        v.w = from_above[3] + left_down[r] + items[r][3];
        store4(t.out + origin + static_cast<long long>(r) * t.width, v, t.hints, policy);
    }
}

__global__ void __launch_bounds__(kThreads, 2) sat_reread(Table t) {
    __shared__ int s_work;
    __shared__ int s_partial[kThreads];
    __shared__ int s_left[kTile];
    __shared__ int s_above[kTile];
    __shared__ int s_sums[kWarps * kPitch];
    __shared__ int s_lefts[kWarps];
    if (threadIdx.x == 0) s_work = t.work[atomicAdd(t.counter, 1)];
    __syncthreads();
    const int work = s_work, kind = work >> 28, row = (work >> 14) & 0x3fff,
              strip = work & 0x3fff;
    if (kind == kReduce) {
        reduce_tile(t, row, strip);
    } else if (kind == kRowScan) {
        scan_row_of_tiles(t, row, s_partial);
    } else {
        scan_tile(t, row, strip, s_left, s_above, s_sums, s_lefts);
    }
}

// Row after row of tiles: the reduces of row j beside the scans of row j - lag, then row j's row
// scan.
std::vector<int> schedule(int strips, int tile_rows, int lag) {
    std::vector<int> work;
    for (int step = 0; step < tile_rows + lag; ++step) {
        for (int c = 0; c < strips; ++c) {
            if (step < tile_rows) work.push_back(encode(kReduce, step, c));
            if (step >= lag) work.push_back(encode(kScan, step - lag, c));
        }
        if (step < tile_rows) work.push_back(encode(kRowScan, step, 0));
    }
    return work;
}

struct Events {
    cudaEvent_t start, stop;
    Events() {
        CHECK(cudaEventCreate(&start));
        CHECK(cudaEventCreate(&stop));
    }
    ~Events() {
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
    template <class Run>
    double per_run_ms(int reps, const Run& run) {
        for (int w = 0; w < 3; ++w)
            run();
        CHECK(cudaEventRecord(start));
        for (int i = 0; i < reps; ++i)
            run();
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        return double(ms) / reps;
    }
};

void sweep(int log_n, int reps) {
    const int width = 1 << (log_n / 2), height = (1 << log_n) / width;
    const std::size_t n = std::size_t(width) * std::size_t(height);
    const int strips = width / kTile, tile_rows = height / kTile, tiles = strips * tile_rows;
    std::vector<int> host(n), expected(n), got(n);
    std::mt19937 bits{std::uint32_t(log_n)};
    std::vector<long long> above(std::size_t(width), 0);
    for (int y = 0; y < height; ++y) {
        long long row = 0;
        for (int x = 0; x < width; ++x) {
            const std::size_t k = std::size_t(y) * std::size_t(width) + std::size_t(x);
            host[k] = int(bits() % 8);
            row += host[k];
            above[std::size_t(x)] += row;
            expected[k] = int(above[std::size_t(x)]);
        }
    }
    const std::size_t flag_words = std::size_t(tiles) * 2 + std::size_t(tile_rows);
    int *in, *out, *copy, *counter, *flags, *vectors, *stuck, *work;
    CHECK(cudaMalloc(&in, n * 4));
    CHECK(cudaMalloc(&out, n * 4));
    CHECK(cudaMalloc(&copy, n * 4));
    CHECK(cudaMalloc(&counter, 4));
    CHECK(cudaMalloc(&flags, flag_words * 4));
    CHECK(cudaMalloc(&vectors, std::size_t(tiles) * 3 * kTile * 4));
    CHECK(cudaMalloc(&stuck, 4));
    CHECK(cudaMalloc(&work, (std::size_t(tiles) * 2 + std::size_t(tile_rows)) * 4));
    CHECK(cudaMemcpy(in, host.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(stuck, 0, 4));

    Events events;
    const double copy_ms = events.per_run_ms(reps, [&] {
        CHECK(cudaMemcpyAsync(copy, in, n * 4, cudaMemcpyDeviceToDevice));
    });
    cudaFuncAttributes attributes;
    CHECK(cudaFuncGetAttributes(&attributes, sat_reread));
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, sat_reread, kThreads, 0));
    std::printf("\n== n = 2^%d (%d x %d), %d tiles: copy %.4f ms; %d registers, %d spilled bytes, "
                "%d blocks an SM\n",
                log_n, width, height, tiles, copy_ms, attributes.numRegs,
                int(attributes.localSizeBytes), per_sm);

    const std::size_t words = std::size_t(tiles) * kTile;
    struct Config {
        int lag, hints, mask;
    };
    for (const Config config : {Config{2, 0, 0}, Config{2, 1, 0}, Config{3, 1, 0}, Config{1, 1, 0},
                                Config{2, 1, 1}, Config{2, 0, 1}}) {
        const std::vector<int> order = schedule(strips, tile_rows, config.lag);
        CHECK(cudaMemcpy(work, order.data(), order.size() * 4, cudaMemcpyHostToDevice));
        const Table t{in,
                      out,
                      width,
                      height,
                      strips,
                      counter,
                      work,
                      flags,
                      flags + tiles,
                      flags + tiles + tile_rows,
                      vectors,
                      vectors + words,
                      vectors + 2 * words,
                      stuck,
                      config.hints,
                      config.mask};
        const auto run = [&] {
            CHECK(cudaMemsetAsync(flags, 0, flag_words * 4));
            CHECK(cudaMemsetAsync(counter, 0, 4));
            sat_reread<<<int(order.size()), kThreads>>>(t);
            CHECK(cudaGetLastError());
        };
        CHECK(cudaMemset(out, 0, n * 4));
        run();
        CHECK(cudaDeviceSynchronize());
        const char* verdict = "wrong by design";
        if (config.mask == 0) {
            CHECK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
            verdict = got == expected ? "right" : "WRONG";
            if (got != expected) {
                std::size_t k = 0;
                while (got[k] == expected[k])
                    ++k;
                std::printf("first difference at (%zu, %zu): %d, not %d\n", k % width, k / width,
                            got[k], expected[k]);
            }
        }
        const double ms = events.per_run_ms(reps, run);
        int stuck_host = 0;
        CHECK(cudaMemcpy(&stuck_host, stuck, 4, cudaMemcpyDeviceToHost));
        std::printf("lag %d  hints %d  mask %d  %9.4f ms  x copy %.3f  %s%s\n", config.lag,
                    config.hints, config.mask, ms, ms / copy_ms, verdict,
                    stuck_host ? "  (a wait gave up)" : "");
    }
    for (int* p : {in, out, copy, counter, flags, vectors, stuck, work})
        CHECK(cudaFree(p));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s LOG2_N... (even, 14 to 28)\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        const int log_n = std::atoi(argv[i]);
        if (log_n < 14 || log_n > 28 || log_n % 2) {
            std::fprintf(stderr, "%s: 2^%s is not a square table of at most 128 x 128 tiles\n",
                         argv[0], argv[i]);
            return 2;
        }
        sweep(log_n, 20);
    }
    return 0;
}
