// A one-off probe (issue 41, 2026-11-27, the thirteenth session): summed-area-lookback's tiles
// (a band of 128 rows of a strip of 128 columns, 16 rows of 4 a warp at 256 threads) taken by
// persistent blocks, each of which asks for its next tile (cp.async into shared memory, 64 KB)
// before it looks back for the tile it holds, so that the tile's loads are in flight while the
// block waits on its neighbours. Prefetch false: the same persistent loop with each tile loaded
// when its turn comes. Tickets go through a table made on the host (sheared orders as the probe
// of 2026-11-27 had them: shear 1 the anti-diagonals, `across` row after row of tiles). Mask
// leaves a look-back out (1: along the rows, 2: up the columns; results wrong by design). Timed
// beside the copy of the table and summed-area-lookback (its policy) in the same run; every
// unmasked result checked against the sequential table. Not built by CMake; for example:
//   nvcc -O3 -DNDEBUG -DSCANSCOPE_HAVE_CUDA=1 --generate-code=arch=compute_90,code=[sm_90]
//        --expt-relaxed-constexpr -std=c++17 -Ikernels -Ibench/tune bench/tune/probe_sat_prefetch.cu
//        build-gpu/kernels/libscanscope_kernels.a -o probe_sat_prefetch
//   ./probe_sat_prefetch --sizes 24,28 --reps 20
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "probe_timer.cuh"
#include "variants/drivers.h"

namespace scanscope {
using namespace kernels;

__device__ __forceinline__ void async_copy_16(void* shared, const void* global) {
    const unsigned to = static_cast<unsigned>(__cvta_generic_to_shared(shared));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(to), "l"(global));
}
__device__ __forceinline__ void async_commit() { asm volatile("cp.async.commit_group;"); }
__device__ __forceinline__ void async_wait_all() {
    asm volatile("cp.async.wait_group 0;" ::: "memory");
}

template <class T, class Op, int Rows, int Vec, int Ahead, bool Prefetch, int Mask = 0>
struct SatPrefetch {
    static_assert(Vec * sizeof(T) == 16, "a lane's row piece is one 16-byte copy");
    static constexpr bool kPersistent = true;
    static constexpr int kMinBlocksPerSm = 2;
    static constexpr int kMaxBlockThreads = 256;
    static constexpr int kStripWidth = 32 * Vec;
    static constexpr int kSumsPitch = kStripWidth + Vec;
    static constexpr bool kPackedDescriptors = true;
    const T* in;
    T* out;
    int width;
    int height;
    TileDescriptors descriptors;
    int* tile_counter;
    const int* order;
    int tiles;

    SS_HD int strips() const { return (width + kStripWidth - 1) / kStripWidth; }
    SS_HD int row_descriptors() const { return strips() * height; }
    SS_HD_INLINE static int padded_column(int column) { return column + column / 32; }
    static std::uint32_t shared_bytes(int threads) {
        const int warps = (threads + 31) / 32;
        const int buffer = Prefetch ? warps * Rows * kStripWidth : 0;
        return std::uint32_t((buffer + 4 + warps * kSumsPitch + warps) * sizeof(T));
    }

    template <class Block>
    __device__ void operator()(Block& b) const {
        using Line = SummedAreaLookbackLine;
        const Op op;
        // buffer[((warp * Rows + r) * 32 + lane) * Vec]: the next tile, each lane's own 16 bytes
        // of each of its rows (only the lane that asked for them reads them: no barrier).
        auto buffer = shared_memory<T>(b, Prefetch ? b.warps() * Rows * kStripWidth : 1);
        auto slots = shared_memory<int>(b, 2);
        auto sums = shared_memory<T>(b, b.warps() * kSumsPitch);
        auto lefts = shared_memory<T>(b, b.warps());
        T* mine = buffer.storage() + (b.warp() * Rows * 32 + b.lane()) * Vec;
        const int band_rows = b.warps() * Rows;

        const auto place = [&](int ticket, int& strip, int& tile_row) {
            const int tile = order[ticket];
            strip = tile % strips();
            tile_row = tile / strips();
        };
        const auto ask_for = [&](int ticket) {
            int strip, tile_row;
            place(ticket, strip, tile_row);
            const int first_row = tile_row * band_rows + b.warp() * Rows;
            const T* row = in + static_cast<long long>(first_row) * width + strip * kStripWidth +
                           b.lane() * Vec;
            for (int r = 0; r < Rows; ++r, row += width)
                if (first_row + r < height) async_copy_16(mine + r * 32 * Vec, row);
            async_commit();
        };
        const auto load_direct = [&](int ticket, T(&items)[Rows][Vec]) {
            int strip, tile_row;
            place(ticket, strip, tile_row);
            const int first_row = tile_row * band_rows + b.warp() * Rows;
            const T* row = in + static_cast<long long>(first_row) * width + strip * kStripWidth +
                           b.lane() * Vec;
            for (int r = 0; r < Rows; ++r, row += width) {
                if (first_row + r < height) {
                    load_consecutive<Vec>(row, 0, Vec, Op::identity(), items[r]);
                } else {
                    for (int v = 0; v < Vec; ++v)
                        items[r][v] = Op::identity();
                }
            }
        };

        b.at(Line::TakeStrip);
        if (b.thread() == 0) slots[0] = b.take_tile(tile_counter);
        b.sync(Line::ScanRows, 0);
        int ticket = slots[0];
        if (ticket >= tiles) return;
        if constexpr (Prefetch) ask_for(ticket);
        int turn = 0;
        for (;;) {
            int strip, tile_row;
            place(ticket, strip, tile_row);
            const int first_row = tile_row * band_rows + b.warp() * Rows;
            T items[Rows][Vec];
            if constexpr (Prefetch) {
                async_wait_all();
                for (int r = 0; r < Rows; ++r)
                    for (int v = 0; v < Vec; ++v)
                        items[r][v] =
                            first_row + r < height ? mine[r * 32 * Vec + v] : Op::identity();
            } else {
                load_direct(ticket, items);
            }
            // The next ticket, asked for before this tile looks back (the barrier also keeps the
            // last tile's reads of `sums` before this one's writes).
            if (b.thread() == 0) slots[1 - turn] = b.take_tile(tile_counter);
            b.sync(Line::ScanRows, 0);
            const int next = slots[1 - turn];
            turn = 1 - turn;
            if (Prefetch && next < tiles) ask_for(next);

            const int my_row = first_row + b.lane();
            const bool row_lane = b.lane() < Rows && my_row < height;
            const int x = strip * kStripWidth + b.lane() * Vec;
            T my_total = Op::identity();
            for (int r = 0; r < Rows; ++r) {
                T lane_total = items[r][0];
                for (int v = 1; v < Vec; ++v)
                    lane_total = op(lane_total, items[r][v]);
                const T in_row = warp_inclusive_scan<Op>(b, lane_total);
                const T before_in_row = b.shfl_up(in_row, 1);
                const T row_total = b.shfl(in_row, 31);
                if (b.lane() == r) my_total = row_total;
                T before = b.lane() == 0 ? Op::identity() : before_in_row;
                for (int v = 0; v < Vec; ++v) {
                    before = op(before, items[r][v]);
                    items[r][v] = before;
                }
            }
            for (int r = 1; r < Rows; ++r)
                for (int v = 0; v < Vec; ++v)
                    items[r][v] = op(items[r - 1][v], items[r][v]);
            for (int v = 0; v < Vec; ++v)
                sums[b.warp() * kSumsPitch + padded_column(b.lane() * Vec + v)] =
                    items[Rows - 1][v];
            if (row_lane) publish_row_total(b, descriptors, strip, my_row, height, my_total);
            T left = Op::identity();
            if (row_lane && !(Mask & 1))
                left =
                    look_left_along_row<Op, Ahead>(b, descriptors, strip, my_row, height, my_total);
            T left_down[Rows];
            T warp_lefts = Op::identity();
            for (int r = 0; r < Rows; ++r) {
                warp_lefts = op(warp_lefts, b.shfl(left, r));
                left_down[r] = warp_lefts;
            }
            if (b.lane() == 0) lefts[b.warp()] = warp_lefts;
            b.sync(Line::AddWarps, 0);

            for (int i = 0; i < Vec; ++i) {
                const int column = b.thread() + i * b.threads();
                if (column >= kStripWidth) break;
                const int x_column = strip * kStripWidth + column;
                T down_to_warp = Op::identity();
                if (x_column < width) {
                    T tile_sum = Op::identity();
                    for (int w = 0; w < b.warps(); ++w)
                        tile_sum = op(op(tile_sum, sums[w * kSumsPitch + padded_column(column)]),
                                      lefts[w]);
                    publish_row_total(b, descriptors, tile_row, x_column, width, tile_sum,
                                      row_descriptors());
                    if (!(Mask & 2))
                        down_to_warp = look_left_along_row<Op, Ahead>(
                        b, descriptors, tile_row, x_column, width, tile_sum, row_descriptors());
                }
                for (int w = 0; w < b.warps(); ++w) {
                    const int at = w * kSumsPitch + padded_column(column);
                    const T warp_sum = sums[at];
                    sums[at] = down_to_warp;
                    down_to_warp = op(op(down_to_warp, warp_sum), lefts[w]);
                }
            }
            b.sync(Line::Columns, 0);

            T from_above[Vec];
            for (int v = 0; v < Vec; ++v)
                from_above[v] = sums[b.warp() * kSumsPitch + padded_column(b.lane() * Vec + v)];
            T* row = out + static_cast<long long>(first_row) * width;
            for (int r = 0; r < Rows && first_row + r < height; ++r, row += width) {
                for (int v = 0; v < Vec; ++v)
                    items[r][v] = op(op(from_above[v], left_down[r]), items[r][v]);
                store_consecutive<Vec>(row + x, 0, Vec, items[r]);
            }
            if (next >= tiles) break;
            ticket = next;
        }
    }
};

namespace {

// Tiles by key tile_row * shear + strip, then from the top: shear 1 the anti-diagonals, shear
// `across` row after row.
std::vector<int> sheared_order(int across, int down, int shear) {
    std::vector<int> tiles(std::size_t(across) * std::size_t(down));
    for (int t = 0; t < int(tiles.size()); ++t)
        tiles[std::size_t(t)] = t;
    std::stable_sort(tiles.begin(), tiles.end(), [&](int a, int b) {
        const long long ka = static_cast<long long>(a / across) * shear + a % across;
        const long long kb = static_cast<long long>(b / across) * shear + b % across;
        return ka < kb;
    });
    return tiles;
}

// Anti-diagonals over runs of `group` tiles of a row, each run on consecutive tickets (the order
// of commit ecd2125): with no look-backs, what a longer stretch of each row in flight saves.
std::vector<int> grouped_order(int across, int down, int group) {
    std::vector<int> order;
    const int runs = (across + group - 1) / group;
    for (int diagonal = 0; diagonal < runs + down - 1; ++diagonal) {
        const int top = diagonal - (runs - 1) > 0 ? diagonal - (runs - 1) : 0;
        const int bottom = diagonal < down - 1 ? diagonal : down - 1;
        for (int row = top; row <= bottom; ++row)
            for (int column = (diagonal - row) * group;
                 column < (diagonal - row + 1) * group && column < across; ++column)
                order.push_back(row * across + column);
    }
    return order;
}

struct Problem {
    int n;
    RunRequest request;
    std::vector<int> host, expected;
};

Problem make_problem(int log_n) {
    const int n = 1 << log_n, width = 1 << (log_n / 2), height = n / width;
    Problem p{n, {}, std::vector<int>(std::size_t(n)), std::vector<int>(std::size_t(n))};
    p.request.variant = "summed-area-lookback";
    p.request.n = n;
    p.request.width = width;
    p.request.shape = KernelShape::Timed;
    std::mt19937 bits{std::uint32_t(n)};
    std::vector<std::uint32_t> above(std::size_t(width), 0);
    for (int y = 0; y < height; ++y) {
        std::uint32_t row = 0;
        for (int x = 0; x < width; ++x) {
            const std::size_t k = std::size_t(y) * std::size_t(width) + std::size_t(x);
            p.host[k] = 1 + int(bits() % 7);
            row += std::uint32_t(p.host[k]);
            above[std::size_t(x)] += row;
            p.expected[k] = int(above[std::size_t(x)]);
        }
    }
    return p;
}

void check(const Problem& p, GpuLauncher& l, int* out, const char* name) {
    std::vector<int> got(p.expected.size());
    l.download(got.data(), out, got.size());
    if (got == p.expected) return;
    std::size_t k = 0;
    while (got[k] == p.expected[k])
        ++k;
    std::printf("%s: WRONG at %zu (%d, %d): %d vs %d\n", name, k, int(k % p.request.width),
                int(k / p.request.width), got[k], p.expected[k]);
    std::exit(1);
}

template <int Ahead, bool Prefetch, int Mask = 0>
void probe_row(const Problem& p, int* in, int* out, const int* order, int shear, int reps,
               double copy_ms) {
    using Table = SatPrefetch<int, AddOp<int>, 16, 4, Ahead, Prefetch, Mask>;
    constexpr int threads = 256;
    cudaFuncAttributes a;
    SS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel_entry<PlainMode, Table>()));
    int resident = 0;
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            const int width = p.request.width, height = p.n / width;
            Table table{in, out, width, height, {}, nullptr, order, 0};
            const int across = table.strips(), down = (height + 127) / 128;
            table.tiles = across * down;
            LaunchShape shape{"sat prefetch", 1, threads, Table::shared_bytes(threads)};
            resident = l.resident_blocks(shape, table);
            shape.grid = std::min(resident, table.tiles);
            const long long words = table.row_descriptors() + static_cast<long long>(down) * width;
            table.descriptors = DescriptorTurns<GpuLauncher>(l, std::size_t(words), 1, 1)
                                    .for_pass(0, table.tile_counter);
            l.launch(shape, table, {});
        },
        [&](GpuLauncher& l) {
            if (Mask == 0) check(p, l, out, "sat prefetch");
        });
    std::printf("persistent %-11s mask %d ahead %d shear %5d  regs %3d  resident %4d  %9.4f ms  x copy %.3f\n",
                Prefetch ? "prefetching" : "loading", Mask, Ahead, shear, a.numRegs, resident, ms,
                ms / copy_ms);
}

void sweep(int log_n, int reps) {
    const Problem p = make_problem(log_n);
    GpuLauncher data;
    int* in = data.alloc<int>(p.host.size());
    int* out = data.alloc<int>(p.host.size());
    int* to = data.alloc<int>(p.host.size());
    data.upload(in, p.host.data(), p.host.size());
    data.synchronize();
    const std::size_t bytes = std::size_t(p.n) * 4;
    const double copy_ms = time_driver(reps, [&](GpuLauncher& l) {
        SS_CUDA_CHECK(cudaMemcpyAsync(to, in, bytes, cudaMemcpyDeviceToDevice, l.stream()));
    });
    std::printf("\n== n = 2^%d, %d wide: copy %.4f ms\n", log_n, p.request.width, copy_ms);
    const auto variant = [&] {
        const double ms = time_driver(
            reps,
            [&](GpuLauncher& l) {
                summed_area_lookback<GpuLauncher, int, AddOp<int>, 16, 4, true>(l, p.request, in,
                                                                                out, 256);
            },
            [&](GpuLauncher& l) { check(p, l, out, "summed-area-lookback"); });
        std::printf("summed-area-lookback (tiles, its policy)          %9.4f ms  x copy %.3f\n",
                    ms, ms / copy_ms);
    };
    variant();
    const int across = p.request.width / 128, down = p.n / p.request.width / 128;
    for (int shear : {1, across}) {
        const std::vector<int> order = sheared_order(across, down, shear);
        int* on_gpu = data.alloc<int>(order.size());
        data.upload(on_gpu, order.data(), order.size());
        data.synchronize();
        probe_row<4, true>(p, in, out, on_gpu, shear, reps, copy_ms);
        probe_row<4, false>(p, in, out, on_gpu, shear, reps, copy_ms);
        // What each look-back costs (results wrong by design): 1 leaves out the look-back along
        // the rows, 2 up the columns.
        probe_row<4, true, 1>(p, in, out, on_gpu, shear, reps, copy_ms);
        probe_row<4, false, 1>(p, in, out, on_gpu, shear, reps, copy_ms);
        probe_row<4, true, 2>(p, in, out, on_gpu, shear, reps, copy_ms);
        probe_row<4, true, 3>(p, in, out, on_gpu, shear, reps, copy_ms);
    }
    for (int group : {4, 16}) {
        const std::vector<int> order = grouped_order(across, down, group);
        int* on_gpu = data.alloc<int>(order.size());
        data.upload(on_gpu, order.data(), order.size());
        data.synchronize();
        std::printf("runs of %d tiles:\n", group);
        probe_row<4, false>(p, in, out, on_gpu, 1, reps, copy_ms);
        probe_row<4, false, 1>(p, in, out, on_gpu, 1, reps, copy_ms);
        probe_row<4, false, 3>(p, in, out, on_gpu, 1, reps, copy_ms);
    }
    variant();
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    return scanscope::run_sweeps(argc, argv, "probe_sat_prefetch", scanscope::sweep);
}
