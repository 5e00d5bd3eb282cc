// A one-off probe (issue 41, 2026-11-27, the fourteenth session): summed-area tiles whose
// look-backs read a neighbour's whole vector at once. summed-area-lookback's tiles (128 x 128,
// 256 threads, two blocks an SM) publish a descriptor of 8 bytes for each row and each column,
// and each row's lane walks left over its own descriptors, a few a read. Here a tile publishes
// four vectors of 128 words (its rows' sums, its rows' prefixes, its columns' sums, its columns'
// prefixes) and a flag for each direction; warp 0 reads 32 neighbours' flags a read (as CUB's
// look-back reads 32 tiles' states), finds the nearest neighbour with a prefix, and the block then
// adds the vectors in between, two threads a row. The question: does the row after row order of
// tiles (1.05 x the copy with no look-back, against 1.10 x for the anti-diagonals) become cheap
// enough to take, once a walk over many neighbours costs one read of flags?
//
// Self-contained (no ScanScope library): int32, +, square tables of a multiple of 128. Timed as
// `reps` launches back to back between two events, each behind a memset of the flags, against
// `reps` device copies of the table timed the same way. Every unmasked result is checked against
// the sequential table. Mask leaves a look-back out (1: along the rows, 2: up the columns;
// results wrong by design). Built and run by hand:
//   nvcc -O3 -std=c++17 -arch=sm_90 bench/tune/probe_sat_vectors.cu -o probe_sat_vectors
//   ./probe_sat_vectors 24 28
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

enum : int { kNothing = 0, kAggregate = 1, kPrefix = 2 };

struct Table {
    const int* in;
    int* out;
    int width, height, strips;
    int* counter;      // tickets
    const int* order;  // the tile each ticket takes; null: row after row
    int* row_flags;    // a word a tile, a word a tile
    int* col_flags;
    int* row_sums;  // [tile][128]: each row's sum within the tile
    int* row_pref;  // [tile][128]: each row's sum up to the tile's right edge
    int* col_sums;  // [tile][128]: each column's sum down the tile (rows' left parts included)
    int* col_pref;  // [tile][128]: the table's entry in the tile's last row
    int* stuck;     // set when a look-back gave up (a bug: the probe then says so)
};

__device__ __forceinline__ int load_acquire(const int* p) {
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void store_release(int* p, int v) {
    asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// Every thread has written its part of a vector; then the flag says what is there.
__device__ __forceinline__ void publish(int* flag, int state) {
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        store_release(flag, state);
    }
}

// For each of the tile's 128 rows (or columns), the sum of the vectors of the tiles before it in
// one direction: neighbour k (1 <= k <= limit) is tile me - k * stride. Aggregates are added back
// to the nearest neighbour with a prefix, whose prefix ends the sum. Threads t < 128 get item t's.
__device__ int look_back(const int* flags, const int* sums, const int* prefixes, int me,
                         int stride, int limit, bool skip, int* stuck, int* s_count,
                         int* s_partial) {
    const int lane = threadIdx.x & 31;
    if (threadIdx.x < 32) {
        int done = 0;       // neighbours 1..done hold aggregates at least
        int count = limit;  // the aggregates to add
        int found = 0;      // whether neighbour count + 1 has a prefix to add
        long long spins = 0;
        while (!skip && done < limit) {
            const int k = done + lane + 1;
            const int state = k <= limit ? load_acquire(flags + (me - k * stride)) : kPrefix;
            const unsigned with_prefix = __ballot_sync(~0u, state == kPrefix);
            const unsigned with_nothing = __ballot_sync(~0u, state == kNothing);
            const unsigned before = with_prefix ? (with_prefix & (0u - with_prefix)) - 1 : ~0u;
            if (!(with_nothing & before)) {
                if (!with_prefix) {
                    done += 32;
                    continue;
                }
                const int first = __ffs(with_prefix) - 1;
                count = done + first;
                found = count + 1 <= limit;
                break;
            }
            done += __ffs(with_nothing) - 1;  // the aggregates before the first gap stay
            if (++spins > (1 << 24)) {
                if (lane == 0) atomicExch(stuck, 1);
                break;
            }
        }
        if (lane == 0) {
            s_count[0] = skip ? 0 : count;
            s_count[1] = skip ? 0 : found;
        }
    }
    __syncthreads();
    const int count = s_count[0], found = s_count[1];
    const int item = threadIdx.x & (kTile - 1), part = threadIdx.x / kTile;
    int sum = 0;
#pragma unroll 4
    for (int k = 1 + part; k <= count; k += 2)
        sum += __ldcg(sums + static_cast<long long>(me - k * stride) * kTile + item);
    if (found && part == 0)
        sum += __ldcg(prefixes + static_cast<long long>(me - (count + 1) * stride) * kTile + item);
    s_partial[threadIdx.x] = sum;
    __syncthreads();
    return threadIdx.x < kTile ? s_partial[threadIdx.x] + s_partial[threadIdx.x + kTile] : 0;
}

__global__ void __launch_bounds__(kThreads, 2) sat_vectors(Table t, int mask) {
    __shared__ int s_tile;
    __shared__ int s_count[2];
    __shared__ int s_partial[kThreads];
    __shared__ int s_row_total[kTile];
    __shared__ int s_left[kTile];   // each row's sum left of the tile
    __shared__ int s_above[kTile];  // each column's entry just above the tile
    // s_sums[w * kPitch + padded(c)]: warp w's rows added down column c, then what they get from
    // the warps above (their rows and their rows' left parts).
    __shared__ int s_sums[kWarps * kPitch];
    __shared__ int s_lefts[kWarps];
    const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
    const auto padded = [](int c) { return c + c / 32; };

    if (threadIdx.x == 0) {
        const int ticket = atomicAdd(t.counter, 1);
        s_tile = t.order ? t.order[ticket] : ticket;
    }
    __syncthreads();
    const int tile = s_tile, strip = tile % t.strips, tile_row = tile / t.strips;
    const int first_row = tile_row * kTile + warp * kRows;
    const long long origin = static_cast<long long>(first_row) * t.width + strip * kTile +
                             lane * kVec;

    // 1. The warp's 16 rows, a lane 4 columns; each row scanned across the tile.
    int items[kRows][kVec];
    for (int r = 0; r < kRows; ++r) {
        const int4 v = *reinterpret_cast<const int4*>(t.in + origin + r * t.width);
        items[r][0] = v.x;
        items[r][1] = v.y;
        items[r][2] = v.z;
        items[r][3] = v.w;
    }
    int my_total = 0;
    for (int r = 0; r < kRows; ++r) {
        int in_row = items[r][0] + items[r][1] + items[r][2] + items[r][3];
        for (int d = 1; d < 32; d *= 2) {
            const int other = __shfl_up_sync(~0u, in_row, d);
            if (lane >= d) in_row += other;
        }
        const int before_in_row = __shfl_up_sync(~0u, in_row, 1);
        const int row_total = __shfl_sync(~0u, in_row, 31);
        if (lane == r) my_total = row_total;
        int before = lane == 0 ? 0 : before_in_row;
        for (int v = 0; v < kVec; ++v) {
            before += items[r][v];
            items[r][v] = before;
        }
    }

    // 2. The rows' sums, published; the first tile of a row of tiles has its prefixes too.
    const long long vector = static_cast<long long>(tile) * kTile;
    if (lane < kRows) {
        const int row = warp * kRows + lane;
        s_row_total[row] = my_total;
        t.row_sums[vector + row] = my_total;
        if (strip == 0) t.row_pref[vector + row] = my_total;
    }
    publish(t.row_flags + tile, strip == 0 ? kPrefix : kAggregate);

    // 3. The look-back along the rows: each row's sum left of the tile.
    const int left = look_back(t.row_flags, t.row_sums, t.row_pref, tile, 1, strip, mask & 1,
                               t.stuck, s_count, s_partial);
    if (threadIdx.x < kTile) {
        s_left[threadIdx.x] = left;
        if (strip > 0) t.row_pref[vector + threadIdx.x] = left + s_row_total[threadIdx.x];
    }
    if (strip > 0) {
        publish(t.row_flags + tile, kPrefix);
    } else {
        __syncthreads();
    }

    // 4. Down the warp's rows: the column sums with their left parts.
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

    // 5. A thread a column adds it down the warps, and publishes the tile's column sums.
    int column_sum = 0;
    if (threadIdx.x < kTile) {
        for (int w = 0; w < kWarps; ++w) {
            const int at = w * kPitch + padded(threadIdx.x);
            const int warp_sum = s_sums[at];
            s_sums[at] = column_sum;
            column_sum += warp_sum + s_lefts[w];
        }
        t.col_sums[vector + threadIdx.x] = column_sum;
        if (tile_row == 0) t.col_pref[vector + threadIdx.x] = column_sum;
    }
    publish(t.col_flags + tile, tile_row == 0 ? kPrefix : kAggregate);

    // 6. The look-back up the columns: each column's entry just above the tile.
    const int above = look_back(t.col_flags, t.col_sums, t.col_pref, tile, t.strips, tile_row,
                                mask & 2, t.stuck, s_count, s_partial);
    if (threadIdx.x < kTile) {
        s_above[threadIdx.x] = above;
        if (tile_row > 0) t.col_pref[vector + threadIdx.x] = above + column_sum;
    }
    if (tile_row > 0) {
        publish(t.col_flags + tile, kPrefix);
    } else {
        __syncthreads();
    }

    // 7. Each entry: above the tile, the warps above, the rows' left parts, its own rows.
    int from_above[kVec];
    for (int v = 0; v < kVec; ++v) {
        const int c = lane * kVec + v;
        from_above[v] = s_above[c] + s_sums[warp * kPitch + padded(c)];
    }
    for (int r = 0; r < kRows; ++r) {
        int4 v;
        v.x = from_above[0] + left_down[r] + items[r][0];
        v.y = from_above[1] + left_down[r] + items[r][1];
        v.z = from_above[2] + left_down[r] + items[r][2];
        v.w = from_above[3] + left_down[r] + items[r][3];
        *reinterpret_cast<int4*>(t.out + origin + r * t.width) = v;
    }
}

// Tiles by key tile_row * shear + strip, then from the top: shear 1 the anti-diagonals.
std::vector<int> sheared_order(int across, int down, int shear) {
    std::vector<int> tiles(std::size_t(across) * std::size_t(down));
    for (int i = 0; i < int(tiles.size()); ++i)
        tiles[std::size_t(i)] = i;
    std::stable_sort(tiles.begin(), tiles.end(), [&](int a, int b) {
        const long long ka = static_cast<long long>(a / across) * shear + a % across;
        const long long kb = static_cast<long long>(b / across) * shear + b % across;
        return ka < kb;
    });
    return tiles;
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
    int *in, *out, *copy, *counter, *flags, *vectors, *stuck, *order;
    CHECK(cudaMalloc(&in, n * 4));
    CHECK(cudaMalloc(&out, n * 4));
    CHECK(cudaMalloc(&copy, n * 4));
    CHECK(cudaMalloc(&counter, 4));
    CHECK(cudaMalloc(&flags, std::size_t(tiles) * 2 * 4));
    CHECK(cudaMalloc(&vectors, std::size_t(tiles) * 4 * kTile * 4));
    CHECK(cudaMalloc(&stuck, 4));
    CHECK(cudaMalloc(&order, std::size_t(tiles) * 4));
    CHECK(cudaMemcpy(in, host.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(stuck, 0, 4));
    const std::vector<int> diagonals = sheared_order(strips, tile_rows, 1);
    CHECK(cudaMemcpy(order, diagonals.data(), diagonals.size() * 4, cudaMemcpyHostToDevice));

    Events events;
    const double copy_ms = events.per_run_ms(reps, [&] {
        CHECK(cudaMemcpyAsync(copy, in, n * 4, cudaMemcpyDeviceToDevice));
    });
    cudaFuncAttributes attributes;
    CHECK(cudaFuncGetAttributes(&attributes, sat_vectors));
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, sat_vectors, kThreads, 0));
    std::printf("\n== n = 2^%d (%d x %d), %d tiles: copy %.4f ms; %d registers, %d blocks an SM\n",
                log_n, width, height, tiles, copy_ms, attributes.numRegs, per_sm);

    const std::size_t words = std::size_t(tiles) * kTile;
    for (const bool by_diagonals : {false, true}) {
        for (const int mask : {0, 1, 2, 3}) {
            Table t{in,      out,   width, height,          strips,          counter,
                    by_diagonals ? order : nullptr,         flags,           flags + tiles,
                    vectors, vectors + words, vectors + 2 * words, vectors + 3 * words, stuck};
            const auto run = [&] {
                CHECK(cudaMemsetAsync(flags, 0, std::size_t(tiles) * 2 * 4));
                CHECK(cudaMemsetAsync(counter, 0, 4));
                sat_vectors<<<tiles, kThreads>>>(t, mask);
                CHECK(cudaGetLastError());
            };
            run();
            CHECK(cudaDeviceSynchronize());
            const char* verdict = "wrong by design";
            if (mask == 0) {
                CHECK(cudaMemcpy(got.data(), out, n * 4, cudaMemcpyDeviceToHost));
                verdict = got == expected ? "right" : "WRONG";
                if (got != expected) {
                    std::size_t k = 0;
                    while (got[k] == expected[k])
                        ++k;
                    std::printf("first difference at (%zu, %zu): %d, not %d\n", k % width,
                                k / width, got[k], expected[k]);
                }
            }
            const double ms = events.per_run_ms(reps, run);
            int stuck_host = 0;
            CHECK(cudaMemcpy(&stuck_host, stuck, 4, cudaMemcpyDeviceToHost));
            std::printf("%-22s mask %d  %9.4f ms  x copy %.3f  %s%s\n",
                        by_diagonals ? "anti-diagonals" : "row after row", mask, ms, ms / copy_ms,
                        verdict, stuck_host ? "  (a look-back gave up)" : "");
        }
    }
    for (int* p : {in, out, copy, counter, flags, vectors, stuck, order})
        CHECK(cudaFree(p));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s LOG2_N... (even, at least 14)\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        const int log_n = std::atoi(argv[i]);
        if (log_n < 14 || log_n > 30 || log_n % 2) {
            std::fprintf(stderr, "%s: 2^%s is not a square table of tiles\n", argv[0], argv[i]);
            return 2;
        }
        sweep(log_n, 20);
    }
    return 0;
}
