// A one-off probe (issue 41, 2026-11-28, the fifteenth session): summed-area tiles that are wide
// and short, taken row after row. The fourteenth session's argument: tiles with a look-back in
// each direction either wait in chains (row after row, 1.9 x the copy at 128 x 128) or spread over
// every row of the table (anti-diagonals, 1.10 x with no look-back at all). But the chain along a
// row of 128 x 128 tiles is slow because each tile adds tens of 128-word aggregates; a tile of 32
// rows looks back over 32 words a tile, as 32 single-pass scans side by side, a round of reads
// covering 32 tiles. The cost moves to the columns: a tile of 512 columns would publish 512 words
// a tile. Here the column direction has no aggregates at all: the tile above hands down its last
// row of the table (T(x) = S(x, y0 - 1)) through a ring of two slots a tile column in the L2, and
// a tile waits for it. Tiles of a row of tiles are taken one after another, so the tile above was
// taken (tile columns) tickets earlier: 32 at 32 x 512, 64 at 64 x 256.
//
// Per tile, with R(y) the row's sum left of the tile (the look-back along the row over each row's
// total in each tile), cumR(y) its sum down the tile's rows to y, and L(x, y) the tile's own
// summed-area table: S(x, y) = T(x) + cumR(y) + L(x, y). The tile hands down T(x) + cumR(last) +
// L(x, last).
//
// Self-contained (no ScanScope library): int32, +, square tables. Timed as `reps` launches back
// to back between two events, each behind a memset of the descriptors and flags, against `reps`
// device copies of the table timed the same way. Every unmasked result is checked against the
// sequential table. Mask leaves a look-back out (1: along the rows, 2: the wait for the tile
// above; results wrong by design). Built and run by hand:
//   nvcc -O3 -std=c++17 -arch=sm_90 bench/tune/probe_sat_wide.cu -o probe_sat_wide
//   ./probe_sat_wide 24 28
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <cstdlib>
#include <random>
#include <string>
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

constexpr int kThreads = 256;
constexpr int kVec = 4;  // a lane's 4 columns: one 16-byte access
enum : unsigned { kNothing = 0, kAggregate = 1, kPrefix = 2 };

struct Table {
    const int* in;
    int* out;
    int width, height, tile_cols;
    int* counter;                      // tickets
    const int* order;                  // the tile each ticket takes; null: row after row
    unsigned long long* row_desc;      // [tile][row]: status << 32 | value
    int* ring;                         // [slot][tile column][column]: the last row handed down
    int* ring_flags;                   // [slot][tile column]: tile row + 1 once handed down
    unsigned long long* ring_words;    // [slot][tile column][column]: tile row + 1 << 32 | value
    int* stuck;                        // set when a wait gave up (a bug: the probe then says so)
    bool tagged;                       // the tile above's row through ring_words, not ring
    int strength;                      // tagged words: 0 relaxed, 1 release and acquire, 2 exch
};

__device__ __forceinline__ unsigned long long load_relaxed(const unsigned long long* p) {
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void store_relaxed(unsigned long long* p, unsigned long long v) {
    asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ unsigned long long load_acquire64(const unsigned long long* p) {
    unsigned long long v;
    asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void store_release64(unsigned long long* p, unsigned long long v) {
    asm volatile("st.release.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ int load_acquire(const int* p) {
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void store_release(int* p, int v) {
    asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned long long descriptor(unsigned status, int value) {
    return (static_cast<unsigned long long>(status) << 32) | static_cast<unsigned>(value);
}

// What a run of neighbours says, nearest first: all aggregates (open), a prefix at the end
// (closed), or a gap (blocked; count = the aggregates before it).
struct Walk {
    int status;  // 0 open, 1 closed, 2 blocked
    int sum;
    int count;
};
__device__ __forceinline__ Walk then(Walk near, Walk far) {
    if (near.status != 0) return near;
    return {far.status, near.sum + far.sum, near.count + far.count};
}

// RowsPerWarp rows a warp, WarpRows x WarpCols warps: a tile of RowsPerWarp * WarpRows rows and
// 128 * WarpCols columns.
template <int RowsPerWarp, int WarpRows, int WarpCols>
struct Shape {
    static_assert(WarpRows * WarpCols * 32 == kThreads, "256 threads");
    static constexpr int kRows = RowsPerWarp * WarpRows;      // a tile's rows
    static constexpr int kCols = 32 * kVec * WarpCols;        // a tile's columns
    static constexpr int kPerRow = kThreads / kRows;          // threads a row's look-back
    static constexpr int kReads = 32 / kPerRow > 0 ? 32 / kPerRow : 1;  // a thread's reads a round
    static constexpr int kPitch = kCols + kCols / 32;         // a word of padding every 32 columns
};

template <int RowsPerWarp, int WarpRows, int WarpCols>
__global__ void __launch_bounds__(kThreads, 2) sat_wide(Table t, int mask) {
    using S = Shape<RowsPerWarp, WarpRows, WarpCols>;
    constexpr int kRows = S::kRows, kCols = S::kCols, kPerRow = S::kPerRow, kReads = S::kReads;
    __shared__ int s_tile;
    __shared__ int s_warp_row[kRows][WarpCols];  // a warp's row total, then what precedes it
    __shared__ int s_row_total[kRows];
    __shared__ int s_left[kRows];   // R(y), then cumR(y)
    __shared__ int s_sums[WarpRows * S::kPitch];  // warps' column sums, then the warps above
    __shared__ int s_above[kCols];  // T(x)
    const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
    const int warp_row = warp / WarpCols, warp_col = warp % WarpCols;
    const auto padded = [](int c) { return c + c / 32; };

    if (threadIdx.x == 0) {
        const int ticket = atomicAdd(t.counter, 1);
        s_tile = t.order ? t.order[ticket] : ticket;
    }
    __syncthreads();
    const int tile = s_tile, tile_col = tile % t.tile_cols, tile_row = tile / t.tile_cols;
    const int first_row = tile_row * kRows + warp_row * RowsPerWarp;
    const int my_col = warp_col * 128 + lane * kVec;  // within the tile
    const long long origin =
        static_cast<long long>(first_row) * t.width + tile_col * kCols + my_col;

    // 1. The warp's rows, a lane 4 columns; each row scanned across the warp's 128 columns.
    int items[RowsPerWarp][kVec];
#pragma unroll
    for (int r = 0; r < RowsPerWarp; ++r) {
        const int4 v = *reinterpret_cast<const int4*>(t.in + origin + r * t.width);
        items[r][0] = v.x;
        items[r][1] = v.y;
        items[r][2] = v.z;
        items[r][3] = v.w;
    }
#pragma unroll
    for (int r = 0; r < RowsPerWarp; ++r) {
        int in_row = items[r][0] + items[r][1] + items[r][2] + items[r][3];
#pragma unroll
        for (int d = 1; d < 32; d *= 2) {
            const int other = __shfl_up_sync(~0u, in_row, d);
            if (lane >= d) in_row += other;
        }
        const int before_in_row = __shfl_up_sync(~0u, in_row, 1);
        if (lane == 31) s_warp_row[warp_row * RowsPerWarp + r][warp_col] = in_row;
        int before = lane == 0 ? 0 : before_in_row;
#pragma unroll
        for (int v = 0; v < kVec; ++v) {
            before += items[r][v];
            items[r][v] = before;
        }
    }
    __syncthreads();

    // 2. Each row's total in the tile, published; the warps' offsets along the row.
    const long long row_base = static_cast<long long>(tile) * kRows;
    if (threadIdx.x < kRows) {
        int run = 0;
#pragma unroll
        for (int w = 0; w < WarpCols; ++w) {
            const int part = s_warp_row[threadIdx.x][w];
            s_warp_row[threadIdx.x][w] = run;
            run += part;
        }
        s_row_total[threadIdx.x] = run;
        store_relaxed(t.row_desc + row_base + threadIdx.x,
                      descriptor(tile_col == 0 ? kPrefix : kAggregate, run));
    }
    __syncthreads();

    // 3. The look-back along each row, kPerRow threads a row, kReads neighbours each a round.
    {
        const int row = threadIdx.x / kPerRow, part = threadIdx.x % kPerRow;
        const unsigned group =
            kPerRow == 32 ? ~0u : ((1u << kPerRow) - 1) << (lane / kPerRow * kPerRow);
        int left = 0;
        if (tile_col > 0 && !(mask & 1)) {
            int done = 0;
            long long spins = 0;
            while (true) {
                Walk mine{0, 0, 0};
                unsigned long long seen[kReads];
#pragma unroll
                for (int j = 0; j < kReads; ++j) {
                    const int k = done + part * kReads + j + 1;
                    seen[j] = k <= tile_col ? load_relaxed(t.row_desc + (row_base - k * kRows) + row)
                                            : descriptor(kPrefix, 0);
                }
#pragma unroll
                for (int j = 0; j < kReads; ++j) {
                    const unsigned status = unsigned(seen[j] >> 32);
                    const int value = int(unsigned(seen[j]));
                    const Walk one = status == kNothing   ? Walk{2, 0, 0}
                                     : status == kPrefix ? Walk{1, value, 1}
                                                         : Walk{0, value, 1};
                    mine = then(mine, one);
                }
#pragma unroll
                for (int s = 1; s < kPerRow; s *= 2) {
                    Walk far;
                    far.status = __shfl_down_sync(group, mine.status, s, kPerRow);
                    far.sum = __shfl_down_sync(group, mine.sum, s, kPerRow);
                    far.count = __shfl_down_sync(group, mine.count, s, kPerRow);
                    if (part + s < kPerRow) mine = then(mine, far);
                }
                const int status = __shfl_sync(group, mine.status, 0, kPerRow);
                const int sum = __shfl_sync(group, mine.sum, 0, kPerRow);
                const int count = __shfl_sync(group, mine.count, 0, kPerRow);
                left += sum;
                if (status == 1) break;
                done += status == 0 ? kPerRow * kReads : count;
                if (status == 2 && ++spins > (1 << 20)) {
                    if (part == 0 && atomicCAS(t.stuck, 0, 2) == 0) { t.stuck[1] = tile; t.stuck[2] = row; t.stuck[3] = done; }
                    break;
                }
            }
        }
        if (part == 0) {
            s_left[row] = left;
            if (tile_col > 0)
                store_relaxed(t.row_desc + row_base + row,
                              descriptor(kPrefix, left + s_row_total[row]));
        }
    }

    // 4. Each row's prefix within the tile; down the warp's rows; the warps' column sums.
#pragma unroll
    for (int r = 0; r < RowsPerWarp; ++r) {
        const int offset = s_warp_row[warp_row * RowsPerWarp + r][warp_col];
#pragma unroll
        for (int v = 0; v < kVec; ++v)
            items[r][v] += offset + (r > 0 ? items[r - 1][v] : 0);
    }
#pragma unroll
    for (int v = 0; v < kVec; ++v)
        s_sums[warp_row * S::kPitch + padded(my_col + v)] = items[RowsPerWarp - 1][v];
    __syncthreads();

    // 5. cumR down the tile's rows (warp 0); a thread a column down the warps.
    if (warp == 0) {
        constexpr int kEach = kRows >= 32 ? kRows / 32 : 1;
        int run = 0;
        int mine[kEach];
        if (lane * kEach < kRows) {
#pragma unroll
            for (int i = 0; i < kEach; ++i) {
                run += s_left[lane * kEach + i];
                mine[i] = run;
            }
        }
        int before = run;
#pragma unroll
        for (int d = 1; d < 32; d *= 2) {
            const int other = __shfl_up_sync(~0u, before, d);
            if (lane >= d) before += other;
        }
        before -= run;
        if (lane * kEach < kRows) {
#pragma unroll
            for (int i = 0; i < kEach; ++i)
                s_left[lane * kEach + i] = before + mine[i];
        }
    }
    int bottom[(kCols + kThreads - 1) / kThreads];  // L(x, last) of this thread's columns
#pragma unroll
    for (int i = 0; i < (kCols + kThreads - 1) / kThreads; ++i) {
        const int c = threadIdx.x + i * kThreads;
        int run = 0;
        if (c < kCols) {
#pragma unroll
            for (int w = 0; w < WarpRows; ++w) {
                const int at = w * S::kPitch + padded(c);
                const int part = s_sums[at];
                s_sums[at] = run;
                run += part;
            }
        }
        bottom[i] = run;
    }

    // 6. T(x) from the tile above; hand down this tile's last row. Tagged: a word a column,
    // (tile row + 1) << 32 | value, that each thread waits on for its own columns; else a flag a
    // tile that thread 0 waits on, and the values behind it.
    const int slot = tile_row & 1;
    const bool wait_above = tile_row > 0 && !(mask & 2);
    if (t.tagged) {
        __syncthreads();
        const int down_all = s_left[kRows - 1];
        unsigned long long* const above_words =
            t.ring_words + ((slot ^ 1) * t.tile_cols + tile_col) * kCols;
        unsigned long long* const my_words =
            t.ring_words + (slot * t.tile_cols + tile_col) * kCols;
#pragma unroll
        for (int i = 0; i < (kCols + kThreads - 1) / kThreads; ++i) {
            const int c = threadIdx.x + i * kThreads;
            if (c < kCols) {
                int above = 0;
                if (wait_above) {
                    long long spins = 0;
                    unsigned long long word;
                    const auto poll = [&] {
                        return t.strength == 1 ? load_acquire64(above_words + c)
                                               : load_relaxed(above_words + c);
                    };
                    while (unsigned((word = poll()) >> 32) != unsigned(tile_row)) {
                        if (++spins > (1 << 20)) {
                            if (atomicCAS(t.stuck, 0, 1) == 0) { t.stuck[1] = tile; t.stuck[2] = c; t.stuck[3] = int(word >> 32); }
                            break;
                        }
                    }
                    above = int(unsigned(word));
                }
                s_above[c] = above;
                const unsigned long long word =
                    (static_cast<unsigned long long>(tile_row + 1) << 32) |
                    unsigned(above + down_all + bottom[i]);
                if (t.strength == 1) {
                    store_release64(my_words + c, word);
                } else if (t.strength == 2) {
                    atomicExch(my_words + c, word);
                } else {
                    store_relaxed(my_words + c, word);
                }
            }
        }
        __syncthreads();
    } else {
        if (wait_above && threadIdx.x == 0) {
            long long spins = 0;
            while (load_acquire(t.ring_flags + (slot ^ 1) * t.tile_cols + tile_col) != tile_row) {
                if (++spins > (1 << 20)) {
                    atomicExch(t.stuck, 1);
                    break;
                }
            }
        }
        __syncthreads();
        const int down_all = s_left[kRows - 1];
        int* const ring_above = t.ring + ((slot ^ 1) * t.tile_cols + tile_col) * kCols;
        int* const ring_mine = t.ring + (slot * t.tile_cols + tile_col) * kCols;
#pragma unroll
        for (int i = 0; i < (kCols + kThreads - 1) / kThreads; ++i) {
            const int c = threadIdx.x + i * kThreads;
            if (c < kCols) {
                const int above = wait_above ? __ldcg(ring_above + c) : 0;
                s_above[c] = above;
                __stcg(ring_mine + c, above + down_all + bottom[i]);
            }
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            __threadfence();
            store_release(t.ring_flags + slot * t.tile_cols + tile_col, tile_row + 1);
        }
    }

    // 7. Each entry: above the tile, the rows' left parts down the tile, the warps above, its own.
    int from_above[kVec];
#pragma unroll
    for (int v = 0; v < kVec; ++v)
        from_above[v] = s_above[my_col + v] + s_sums[warp_row * S::kPitch + padded(my_col + v)];
#pragma unroll
    for (int r = 0; r < RowsPerWarp; ++r) {
        const int left = s_left[warp_row * RowsPerWarp + r];
        int4 v;
        v.x = from_above[0] + left + items[r][0];
        v.y = from_above[1] + left + items[r][1];
        v.z = from_above[2] + left + items[r][2];
        v.w = from_above[3] + left + items[r][3];
        *reinterpret_cast<int4*>(t.out + origin + r * t.width) = v;
    }
}


__device__ __forceinline__ void copy_async(int4* to, const int* from) {
    const auto shared = static_cast<unsigned>(__cvta_generic_to_shared(to));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(shared), "l"(from) : "memory");
}

// The same tiles by blocks that stay (as staged-lookback does in one dimension): a block holds
// one tile in registers and the next one on its way into shared memory, each thread copying its
// own 16-byte pieces. While it looks back for this tile, the next tile's loads are in flight;
// once they land, the next tile's row totals are published (its aggregates, early); and as each
// row of this tile goes out, the next tile's row moves into registers and the row of the tile
// after it is asked for. Tickets row after row of tiles, each taken a tile ahead.
template <int RowsPerWarp, int WarpRows, int WarpCols>
__global__ void __launch_bounds__(kThreads, 2) sat_staged(Table t, int tiles, int mask) {
    using S = Shape<RowsPerWarp, WarpRows, WarpCols>;
    constexpr int kRows = S::kRows, kCols = S::kCols, kPerRow = S::kPerRow, kReads = S::kReads;
    constexpr int kColsEach = (kCols + kThreads - 1) / kThreads;
    extern __shared__ int4 stage[];  // [RowsPerWarp][kThreads]
    __shared__ int s_ticket[2];
    __shared__ int s_warp_row[kRows][WarpCols];
    __shared__ int s_next_row[kRows][WarpCols];
    __shared__ int s_row_total[kRows];
    __shared__ int s_left[kRows];
    __shared__ int s_sums[WarpRows * S::kPitch];
    __shared__ int s_above[kCols];
    const int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
    const int warp_row = warp / WarpCols, warp_col = warp % WarpCols;
    const int my_col = warp_col * 128 + lane * kVec;
    const auto padded = [](int c) { return c + c / 32; };
    const auto origin_of = [&](int tile) {
        const int tile_col = tile % t.tile_cols, tile_row = tile / t.tile_cols;
        return static_cast<long long>(tile_row * kRows + warp_row * RowsPerWarp) * t.width +
               tile_col * kCols + my_col;
    };

    if (threadIdx.x == 0) {
        s_ticket[0] = atomicAdd(t.counter, 1);
        s_ticket[1] = atomicAdd(t.counter, 1);
    }
    __syncthreads();
    int tile = s_ticket[0], next = s_ticket[1];
    if (tile >= tiles) return;
    int items[RowsPerWarp][kVec];
    {
        const long long origin = origin_of(tile);
#pragma unroll
        for (int r = 0; r < RowsPerWarp; ++r) {
            const int4 v = *reinterpret_cast<const int4*>(t.in + origin + r * t.width);
            items[r][0] = v.x;
            items[r][1] = v.y;
            items[r][2] = v.z;
            items[r][3] = v.w;
        }
    }
    if (next < tiles) {
        const long long origin = origin_of(next);
#pragma unroll
        for (int r = 0; r < RowsPerWarp; ++r)
            copy_async(stage + r * kThreads + threadIdx.x, t.in + origin + r * t.width);
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    bool published = false;  // whether this tile's row totals are out already
    for (int step = 0;; ++step) {
        int after = 0;
        if (threadIdx.x == 0) after = atomicAdd(t.counter, 1);
        const int tile_col = tile % t.tile_cols, tile_row = tile / t.tile_cols;
        const long long origin = origin_of(tile);

        // 1. Each row scanned across the warp's 128 columns.
#pragma unroll
        for (int r = 0; r < RowsPerWarp; ++r) {
            int in_row = items[r][0] + items[r][1] + items[r][2] + items[r][3];
#pragma unroll
            for (int d = 1; d < 32; d *= 2) {
                const int other = __shfl_up_sync(~0u, in_row, d);
                if (lane >= d) in_row += other;
            }
            const int before_in_row = __shfl_up_sync(~0u, in_row, 1);
            if (lane == 31) s_warp_row[warp_row * RowsPerWarp + r][warp_col] = in_row;
            int before = lane == 0 ? 0 : before_in_row;
#pragma unroll
            for (int v = 0; v < kVec; ++v) {
                before += items[r][v];
                items[r][v] = before;
            }
        }
        __syncthreads();

        // 2. Each row's total; published unless it went out early.
        const long long row_base = static_cast<long long>(tile) * kRows;
        if (threadIdx.x < kRows) {
            int run = 0;
#pragma unroll
            for (int w = 0; w < WarpCols; ++w) {
                const int part = s_warp_row[threadIdx.x][w];
                s_warp_row[threadIdx.x][w] = run;
                run += part;
            }
            s_row_total[threadIdx.x] = run;
            if (!published)
                store_relaxed(t.row_desc + row_base + threadIdx.x,
                              descriptor(tile_col == 0 ? kPrefix : kAggregate, run));
        }
        __syncthreads();

        // 3. The look-back along each row.
        {
            const int row = threadIdx.x / kPerRow, part = threadIdx.x % kPerRow;
            const unsigned group =
                kPerRow == 32 ? ~0u : ((1u << kPerRow) - 1) << (lane / kPerRow * kPerRow);
            int left = 0;
            if (tile_col > 0 && !(mask & 1)) {
                int done = 0;
                long long spins = 0;
                while (true) {
                    Walk mine{0, 0, 0};
                    unsigned long long seen[kReads];
#pragma unroll
                    for (int j = 0; j < kReads; ++j) {
                        const int k = done + part * kReads + j + 1;
                        seen[j] = k <= tile_col
                                      ? load_relaxed(t.row_desc + (row_base - k * kRows) + row)
                                      : descriptor(kPrefix, 0);
                    }
#pragma unroll
                    for (int j = 0; j < kReads; ++j) {
                        const unsigned status = unsigned(seen[j] >> 32);
                        const int value = int(unsigned(seen[j]));
                        const Walk one = status == kNothing  ? Walk{2, 0, 0}
                                         : status == kPrefix ? Walk{1, value, 1}
                                                             : Walk{0, value, 1};
                        mine = then(mine, one);
                    }
#pragma unroll
                    for (int s = 1; s < kPerRow; s *= 2) {
                        Walk far;
                        far.status = __shfl_down_sync(group, mine.status, s, kPerRow);
                        far.sum = __shfl_down_sync(group, mine.sum, s, kPerRow);
                        far.count = __shfl_down_sync(group, mine.count, s, kPerRow);
                        if (part + s < kPerRow) mine = then(mine, far);
                    }
                    const int status = __shfl_sync(group, mine.status, 0, kPerRow);
                    const int sum = __shfl_sync(group, mine.sum, 0, kPerRow);
                    const int count = __shfl_sync(group, mine.count, 0, kPerRow);
                    left += sum;
                    if (status == 1) break;
                    done += status == 0 ? kPerRow * kReads : count;
                    if (status == 2 && ++spins > (1 << 20)) {
                        if (part == 0) atomicExch(t.stuck, 1);
                        break;
                    }
                }
            }
            if (part == 0) {
                s_left[row] = left;
                if (tile_col > 0)
                    store_relaxed(t.row_desc + row_base + row,
                                  descriptor(kPrefix, left + s_row_total[row]));
            }
        }

        // 4. Each row's prefix within the tile; down the warp's rows; the warps' column sums.
#pragma unroll
        for (int r = 0; r < RowsPerWarp; ++r) {
            const int offset = s_warp_row[warp_row * RowsPerWarp + r][warp_col];
#pragma unroll
            for (int v = 0; v < kVec; ++v)
                items[r][v] += offset + (r > 0 ? items[r - 1][v] : 0);
        }
#pragma unroll
        for (int v = 0; v < kVec; ++v)
            s_sums[warp_row * S::kPitch + padded(my_col + v)] = items[RowsPerWarp - 1][v];
        __syncthreads();

        // 5. cumR down the tile's rows (warp 0); a thread a column down the warps.
        if (warp == 0) {
            constexpr int kEach = kRows >= 32 ? kRows / 32 : 1;
            int run = 0;
            int mine[kEach];
            if (lane * kEach < kRows) {
#pragma unroll
                for (int i = 0; i < kEach; ++i) {
                    run += s_left[lane * kEach + i];
                    mine[i] = run;
                }
            }
            int before = run;
#pragma unroll
            for (int d = 1; d < 32; d *= 2) {
                const int other = __shfl_up_sync(~0u, before, d);
                if (lane >= d) before += other;
            }
            before -= run;
            if (lane * kEach < kRows) {
#pragma unroll
                for (int i = 0; i < kEach; ++i)
                    s_left[lane * kEach + i] = before + mine[i];
            }
        }
        int bottom[kColsEach];
#pragma unroll
        for (int i = 0; i < kColsEach; ++i) {
            const int c = threadIdx.x + i * kThreads;
            int run = 0;
            if (c < kCols) {
#pragma unroll
                for (int w = 0; w < WarpRows; ++w) {
                    const int at = w * S::kPitch + padded(c);
                    const int part = s_sums[at];
                    s_sums[at] = run;
                    run += part;
                }
            }
            bottom[i] = run;
        }
        if (threadIdx.x == 0) s_ticket[step & 1] = after;
        __syncthreads();

        // 6. T(x) from the tile above (a tagged word a column, two slots a tile column); hand
        // down this tile's last row.
        const int slot = tile_row & 1;
        const int down_all = s_left[kRows - 1];
        unsigned long long* const above_words =
            t.ring_words + ((slot ^ 1) * t.tile_cols + tile_col) * kCols;
        unsigned long long* const my_words = t.ring_words + (slot * t.tile_cols + tile_col) * kCols;
#pragma unroll
        for (int i = 0; i < kColsEach; ++i) {
            const int c = threadIdx.x + i * kThreads;
            if (c < kCols) {
                int above = 0;
                if (tile_row > 0 && !(mask & 2)) {
                    long long spins = 0;
                    unsigned long long word;
                    while (unsigned((word = load_relaxed(above_words + c)) >> 32) !=
                           unsigned(tile_row)) {
                        if (++spins > (1 << 20)) {
                            atomicExch(t.stuck, 1);
                            break;
                        }
                    }
                    above = int(unsigned(word));
                }
                s_above[c] = above;
                store_relaxed(my_words + c, (static_cast<unsigned long long>(tile_row + 1) << 32) |
                                                unsigned(above + down_all + bottom[i]));
            }
        }
        const int after_next = s_ticket[step & 1];

        // 7. The next tile's row totals, published as soon as its loads land.
        if (next < tiles) {
            asm volatile("cp.async.wait_all;" ::: "memory");
#pragma unroll
            for (int r = 0; r < RowsPerWarp; ++r) {
                const int4 v = stage[r * kThreads + threadIdx.x];
                int sum = v.x + v.y + v.z + v.w;
#pragma unroll
                for (int d = 16; d > 0; d /= 2)
                    sum += __shfl_xor_sync(~0u, sum, d);
                if (lane == 0) s_next_row[warp_row * RowsPerWarp + r][warp_col] = sum;
            }
        }
        __syncthreads();
        if (next < tiles && threadIdx.x < kRows) {
            int run = 0;
#pragma unroll
            for (int w = 0; w < WarpCols; ++w)
                run += s_next_row[threadIdx.x][w];
            store_relaxed(t.row_desc + static_cast<long long>(next) * kRows + threadIdx.x,
                          descriptor(next % t.tile_cols == 0 ? kPrefix : kAggregate, run));
        }

        // 8. Each entry out; as each row goes, the next tile's row in, the one after asked for.
        int from_above[kVec];
#pragma unroll
        for (int v = 0; v < kVec; ++v)
            from_above[v] =
                s_above[my_col + v] + s_sums[warp_row * S::kPitch + padded(my_col + v)];
        const long long after_origin = after_next < tiles ? origin_of(after_next) : 0;
#pragma unroll
        for (int r = 0; r < RowsPerWarp; ++r) {
            const int left = s_left[warp_row * RowsPerWarp + r];
            int4 v;
            v.x = from_above[0] + left + items[r][0];
            v.y = from_above[1] + left + items[r][1];
            v.z = from_above[2] + left + items[r][2];
            v.w = from_above[3] + left + items[r][3];
            *reinterpret_cast<int4*>(t.out + origin + r * t.width) = v;
            if (next < tiles) {
                const int4 w = stage[r * kThreads + threadIdx.x];
                items[r][0] = w.x;
                items[r][1] = w.y;
                items[r][2] = w.z;
                items[r][3] = w.w;
                if (after_next < tiles)
                    copy_async(stage + r * kThreads + threadIdx.x,
                               t.in + after_origin + r * t.width);
            }
        }
        asm volatile("cp.async.commit_group;" ::: "memory");
        if (next >= tiles) break;
        tile = next;
        next = after_next;
        published = true;
        __syncthreads();  // shared sums and lefts are written again
    }
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

// Tiles diagonal after diagonal (tile row + tile column), each from the top.
std::vector<int> anti_diagonals(int across, int down) {
    std::vector<int> tiles;
    for (int d = 0; d < across + down - 1; ++d)
        for (int r = 0; r < down; ++r)
            if (d - r >= 0 && d - r < across) tiles.push_back(r * across + (d - r));
    return tiles;
}

struct Problem {
    int width, height;
    std::size_t n;
    std::vector<int> expected;
    int *in, *out, *copy, *counter, *ring, *ring_flags, *stuck, *order;
    unsigned long long *row_desc, *ring_words;
    std::size_t desc_bytes;
    double copy_ms;
};

template <int RowsPerWarp, int WarpRows, int WarpCols>
void try_shape(Problem& p, int reps, bool by_diagonals, bool tagged, int strength,
               std::initializer_list<int> masks) {
    using S = Shape<RowsPerWarp, WarpRows, WarpCols>;
    const auto kernel = sat_wide<RowsPerWarp, WarpRows, WarpCols>;
    if (p.width % S::kCols || p.height % S::kRows) return;
    const int tile_cols = p.width / S::kCols, tiles = tile_cols * (p.height / S::kRows);
    cudaFuncAttributes attributes;
    CHECK(cudaFuncGetAttributes(&attributes, kernel));
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, 0));
    std::printf("-- tiles %d x %d (%d a row of tiles), %s, %s: %d registers, %d local bytes, %d "
                "blocks an SM\n",
                S::kRows, S::kCols, tile_cols, by_diagonals ? "anti-diagonals" : "row after row",
                tagged ? (strength == 0   ? "tagged words"
                          : strength == 1 ? "tagged words, release and acquire"
                                          : "tagged words, exchanged")
                       : "flag and values",
                attributes.numRegs, int(attributes.localSizeBytes), per_sm);
    if (by_diagonals) {
        const std::vector<int> order = anti_diagonals(tile_cols, p.height / S::kRows);
        CHECK(cudaMemcpy(p.order, order.data(), order.size() * 4, cudaMemcpyHostToDevice));
    }
    const std::size_t desc_bytes = std::size_t(tiles) * S::kRows * 8;
    std::vector<int> got(p.n);
    for (const int mask : masks) {
        Table t{p.in,     p.out,      p.width, p.height,     tile_cols,    p.counter,
                by_diagonals ? p.order : nullptr, p.row_desc, p.ring, p.ring_flags,
                p.ring_words, p.stuck, tagged, strength};
        const auto run = [&] {
            CHECK(cudaMemsetAsync(p.row_desc, 0, desc_bytes));
            if (tagged) CHECK(cudaMemsetAsync(p.ring_words, 0, std::size_t(2) * p.width * 8));
            CHECK(cudaMemsetAsync(p.ring_flags, 0, std::size_t(2) * tile_cols * 4));
            CHECK(cudaMemsetAsync(p.counter, 0, 4));
            kernel<<<tiles, kThreads>>>(t, mask);
            CHECK(cudaGetLastError());
        };
        CHECK(cudaMemset(p.stuck, 0, 16));
        run();
        CHECK(cudaDeviceSynchronize());
        const char* verdict = "wrong by design";
        if (mask == 0) {
            CHECK(cudaMemcpy(got.data(), p.out, p.n * 4, cudaMemcpyDeviceToHost));
            verdict = got == p.expected ? "right" : "WRONG";
            if (got != p.expected) {
                std::size_t k = 0;
                while (got[k] == p.expected[k])
                    ++k;
                std::printf("first difference at (%zu, %zu): %d, not %d\n", k % p.width,
                            k / p.width, got[k], p.expected[k]);
            }
        }
        Events events;
        const double ms = events.per_run_ms(reps, run);
        int stuck_host[4] = {};
        CHECK(cudaMemcpy(stuck_host, p.stuck, 16, cudaMemcpyDeviceToHost));
        std::printf("   mask %d  %9.4f ms  x copy %.3f  %s", mask, ms, ms / p.copy_ms, verdict);
        if (stuck_host[0])
            std::printf("  (a %s wait gave up: tile %d (row %d, column %d), item %d, seen %d)",
                        stuck_host[0] == 1 ? "column" : "row", stuck_host[1],
                        stuck_host[1] / tile_cols, stuck_host[1] % tile_cols, stuck_host[2],
                        stuck_host[3]);
        std::printf("\n");
    }
}

template <int RowsPerWarp, int WarpRows, int WarpCols>
void try_staged(Problem& p, int reps) {
    using S = Shape<RowsPerWarp, WarpRows, WarpCols>;
    const auto kernel = sat_staged<RowsPerWarp, WarpRows, WarpCols>;
    if (p.width % S::kCols || p.height % S::kRows) return;
    const int tile_cols = p.width / S::kCols, tiles = tile_cols * (p.height / S::kRows);
    const int stage_bytes = RowsPerWarp * kThreads * 16;
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, stage_bytes));
    cudaFuncAttributes attributes;
    CHECK(cudaFuncGetAttributes(&attributes, kernel));
    int per_sm = 0, sms = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, stage_bytes));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const int grid = std::min(tiles, per_sm * sms);
    std::printf("-- staged tiles %d x %d (%d a row of tiles): %d registers, %d local bytes, %d "
                "blocks an SM, grid %d\n",
                S::kRows, S::kCols, tile_cols, attributes.numRegs, int(attributes.localSizeBytes),
                per_sm, grid);
    const std::size_t desc_bytes = std::size_t(tiles) * S::kRows * 8;
    std::vector<int> got(p.n);
    for (const int mask : {0, 1, 2, 3}) {
        Table t{p.in,      p.out,      p.width, p.height,     tile_cols,    p.counter,
                nullptr,   p.row_desc, p.ring,  p.ring_flags, p.ring_words, p.stuck, true, 0};
        const auto run = [&] {
            CHECK(cudaMemsetAsync(p.row_desc, 0, desc_bytes));
            CHECK(cudaMemsetAsync(p.ring_words, 0, std::size_t(2) * p.width * 8));
            CHECK(cudaMemsetAsync(p.counter, 0, 4));
            kernel<<<grid, kThreads, stage_bytes>>>(t, tiles, mask);
            CHECK(cudaGetLastError());
        };
        CHECK(cudaMemset(p.stuck, 0, 16));
        CHECK(cudaMemset(p.out, 0, p.n * 4));
        run();
        CHECK(cudaDeviceSynchronize());
        const char* verdict = "wrong by design";
        if (mask == 0) {
            CHECK(cudaMemcpy(got.data(), p.out, p.n * 4, cudaMemcpyDeviceToHost));
            verdict = got == p.expected ? "right" : "WRONG";
            if (got != p.expected) {
                std::size_t k = 0;
                while (got[k] == p.expected[k])
                    ++k;
                std::printf("first difference at (%zu, %zu): %d, not %d\n", k % p.width,
                            k / p.width, got[k], p.expected[k]);
            }
        }
        Events events;
        const double ms = events.per_run_ms(reps, run);
        int stuck_host[4] = {};
        CHECK(cudaMemcpy(stuck_host, p.stuck, 16, cudaMemcpyDeviceToHost));
        std::printf("   mask %d  %9.4f ms  x copy %.3f  %s", mask, ms, ms / p.copy_ms, verdict);
        if (stuck_host[0])
            std::printf("  (a %s wait gave up: tile %d (row %d, column %d), item %d, seen %d)",
                        stuck_host[0] == 1 ? "column" : "row", stuck_host[1],
                        stuck_host[1] / tile_cols, stuck_host[1] % tile_cols, stuck_host[2],
                        stuck_host[3]);
        std::printf("\n");
    }
}

void sweep(int log_n, int reps) {
    Problem p;
    p.width = 1 << (log_n / 2);
    p.height = (1 << log_n) / p.width;
    p.n = std::size_t(p.width) * std::size_t(p.height);
    std::vector<int> host(p.n);
    p.expected.resize(p.n);
    std::mt19937 bits{std::uint32_t(log_n)};
    std::vector<long long> above(std::size_t(p.width), 0);
    for (int y = 0; y < p.height; ++y) {
        long long row = 0;
        for (int x = 0; x < p.width; ++x) {
            const std::size_t k = std::size_t(y) * std::size_t(p.width) + std::size_t(x);
            host[k] = int(bits() % 8);
            row += host[k];
            above[std::size_t(x)] += row;
            p.expected[k] = int(above[std::size_t(x)]);
        }
    }
    const std::size_t most_desc = p.n / 16 * 8;  // 16 rows a tile at the fewest columns
    CHECK(cudaMalloc(&p.in, p.n * 4));
    CHECK(cudaMalloc(&p.out, p.n * 4));
    CHECK(cudaMalloc(&p.copy, p.n * 4));
    CHECK(cudaMalloc(&p.counter, 4));
    CHECK(cudaMalloc(&p.row_desc, most_desc));
    CHECK(cudaMalloc(&p.ring, std::size_t(2) * p.width * 4));
    CHECK(cudaMalloc(&p.ring_flags, std::size_t(2) * p.width * 4));
    CHECK(cudaMalloc(&p.ring_words, std::size_t(2) * p.width * 8));
    CHECK(cudaMalloc(&p.stuck, 16));
    CHECK(cudaMalloc(&p.order, p.n / 2048 * 4));  // 2048 entries a tile at the fewest
    CHECK(cudaMemcpy(p.in, host.data(), p.n * 4, cudaMemcpyHostToDevice));
    Events events;
    p.copy_ms = events.per_run_ms(reps, [&] {
        CHECK(cudaMemcpyAsync(p.copy, p.in, p.n * 4, cudaMemcpyDeviceToDevice));
    });
    std::printf("\n== n = 2^%d (%d x %d): copy %.4f ms\n", log_n, p.width, p.height, p.copy_ms);
    const char* which = std::getenv("PROBE");  // rows, diagonals, staged, flags (default: rows, diagonals)
    const std::string runs = which ? which : "rows,diagonals";
    const bool tagged = runs.find("flags") == std::string::npos;
    for (const bool by_diagonals : {false, true}) {
        if (runs.find(by_diagonals ? "diagonals" : "rows") == std::string::npos) continue;
        if (runs.find("strength") != std::string::npos) {
            for (const int strength : {0, 1, 2}) {
                try_shape<16, 2, 4>(p, reps, by_diagonals, true, strength, {0});  // 32 x 512
                try_shape<16, 4, 2>(p, reps, by_diagonals, true, strength, {0});  // 64 x 256
            }
            continue;
        }
        try_shape<16, 1, 8>(p, reps, by_diagonals, tagged, 2, {0, 1, 2, 3});  // 16 x 1024
        try_shape<16, 2, 4>(p, reps, by_diagonals, tagged, 2, {0, 1, 2, 3});  // 32 x 512
        try_shape<16, 4, 2>(p, reps, by_diagonals, tagged, 2, {0, 1, 2, 3});  // 64 x 256
        try_shape<16, 8, 1>(p, reps, by_diagonals, tagged, 2, {0, 1, 2, 3});  // 128 x 128
    }
    if (runs.find("staged") != std::string::npos) {
        try_staged<16, 2, 4>(p, reps);  // 32 x 512
        try_staged<16, 4, 2>(p, reps);  // 64 x 256
        try_staged<16, 8, 1>(p, reps);  // 128 x 128
    }
    const double copy_again = events.per_run_ms(reps, [&] {
        CHECK(cudaMemcpyAsync(p.copy, p.in, p.n * 4, cudaMemcpyDeviceToDevice));
    });
    std::printf("copy again %.4f ms\n", copy_again);
    for (void* q : {(void*)p.in, (void*)p.out, (void*)p.copy, (void*)p.counter, (void*)p.row_desc,
                    (void*)p.ring, (void*)p.ring_flags, (void*)p.ring_words, (void*)p.stuck, (void*)p.order})
        CHECK(cudaFree(q));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s LOG2_N... (even, 20 to 28)\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        const int log_n = std::atoi(argv[i]);
        if (log_n < 20 || log_n > 28 || log_n % 2) {
            std::fprintf(stderr, "%s: 2^%s is not a square table this probe takes\n", argv[0],
                         argv[i]);
            return 2;
        }
        sweep(log_n, 20);
    }
    return 0;
}
