// A one-off probe (issue 41, 2026-11-27): a summed-area table in one pass over tiles of two
// dimensions, a block a tile, tiles taken by tickets. A tile is summed-area-lookback's band of one
// strip; what the strip's block carried down its columns in registers comes instead from a
// look-back up each column, over the tiles above, so that several blocks an SM cover each
// other's waits. Two designs: SatTiles ("first": a tile's column totals include its rows' left
// parts, so they are published after its look-back along the rows) and SatTiles2 ("second": the
// column totals without the left parts, published before any look-back; the corner, left of and
// above the tile, comes along the tile's first row, whose total adds the strip's sum above the
// tile), with tickets row after row of tiles (Order 0) or anti-diagonal after anti-diagonal
// (Order 1; SatTiles: Order 2 in closed form, Order 3 from a table made on the host, by keys
// tile_row * shear + strip). SatTiles's Mask leaves parts out (1: the look-back along the rows,
// 2: up the columns; results wrong by design). Timed beside the copy of the table and
// summed-area-lookback (its policy), each unmasked result checked against the sequential table. The
// rows of sweep() are those of the last run; the earlier runs' rows are in
// bench/results/summed-area-h100-2026-11-27/probe-sat-tiles.txt, and bench/tuning.md ("tiles in
// two dimensions, a probe") reads them. Not built by CMake; for example:
//   nvcc -O3 -DNDEBUG -DSCANSCOPE_HAVE_CUDA=1 --generate-code=arch=compute_90,code=[sm_90]
//        --expt-relaxed-constexpr -std=c++17 -Ikernels -Ibench/tune bench/tune/probe_sat_tiles.cu
//        build-tests/kernels/libscanscope_kernels.a -o probe_sat_tiles
//   ./probe_sat_tiles --sizes 20,24,28 --reps 20
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "probe_timer.cuh"
#include "variants/drivers.h"

namespace scanscope {
using namespace kernels;

// The ticket's tile, anti-diagonal after anti-diagonal (top first), in closed form: the diagonals
// grow by one tile up to the shorter side m, stay m long, and shrink again.
SS_HD_INLINE void diagonal_tile(int ticket, int across, int down, int& tile_row, int& strip) {
    const int m = across < down ? across : down, longer = across < down ? down : across;
    const long long first_triangle = static_cast<long long>(m) * (m - 1) / 2;  // diagonals < m-1
    const long long total = static_cast<long long>(across) * down;
    const auto triangle_root = [](long long t) {  // largest d with d (d + 1) / 2 <= t
        long long d = static_cast<long long>((sqrt(8.0 * double(t) + 1.0) - 1.0) / 2.0);
        while (d * (d + 1) / 2 > t)
            --d;
        while ((d + 1) * (d + 2) / 2 <= t)
            ++d;
        return d;
    };
    int d, k;  // the diagonal, and the tile's place on it from the top
    if (ticket < first_triangle) {
        d = int(triangle_root(ticket));
        k = int(ticket - static_cast<long long>(d) * (d + 1) / 2);
    } else if (ticket < total - first_triangle) {
        const long long t = ticket - first_triangle;
        d = m - 1 + int(t / m);
        k = int(t % m);
    } else {  // the last triangle, counted from the end
        const long long t = total - 1 - ticket;
        const int e = int(triangle_root(t));
        const int from_bottom = int(t - static_cast<long long>(e) * (e + 1) / 2);
        d = across + down - 2 - e;
        k = e - from_bottom;
    }
    (void)longer;
    const int top = d - (across - 1) > 0 ? d - (across - 1) : 0;
    tile_row = top + k;
    strip = d - tile_row;
}

// look_left_along_row with a pause of SleepNs before each look again at a descriptor not there.
template <class Op, int Ahead, int SleepNs, class Block, class T>
__device__ T look_left_sleeping(Block& b, TileDescriptors descriptors, int column, int y,
                                int height, T total) {
    const Op op;
    const int me = row_descriptor(column, y, height);
    T left = Op::identity();
    for (int nearest = column - 1; nearest >= 0; nearest -= Ahead) {
        TileDescriptor d[Ahead];
        for (int k = 0; k < Ahead; ++k)
            if (nearest - k >= 0)
                d[k] = b.peek(descriptors, me, row_descriptor(nearest - k, y, height));
        for (int k = 0; k < Ahead; ++k) {
            while (d[k].status == TileStatus::Invalid) {
                if (SleepNs > 0) __nanosleep(SleepNs);
                d[k] = b.peek(descriptors, me, row_descriptor(nearest - k, y, height));
            }
            left = op(from_bits<T>(d[k].value), left);
            if (d[k].status == TileStatus::Prefix) {
                b.publish(descriptors, me, TileStatus::Prefix, to_bits(op(left, total)));
                return left;
            }
        }
    }
    return left;
}

template <class T, class Op, int Rows, int Vec, int MinBlocks, int Ahead = 4, int Bound = 0,
          int SleepNs = 0, int Mask = 0, int Order = 0>
struct SatTiles {
    static constexpr int kMinBlocksPerSm = MinBlocks;
    static constexpr int kMaxBlockThreads = Bound;
    static constexpr int kTileWidth = 32 * Vec;
    static constexpr int kSumsPitch = kTileWidth + Vec;
    static constexpr bool kPackedDescriptors = true;
    const T* in;
    T* out;
    int width;
    int height;
    // Row y of tile column j: descriptor j * height + y; column x of tile row i: row_words + i *
    // width + x.
    TileDescriptors descriptors;
    int* tile_counter;
    long long row_words;
    const int* order = nullptr;  // Order 3: ticket -> tile_row * across + strip

    SS_HD int tiles_across() const { return (width + kTileWidth - 1) / kTileWidth; }
    SS_HD_INLINE static int padded_column(int column) { return column + column / 32; }
    static std::uint32_t shared_bytes(int threads) {
        const int warps = (threads + 31) / 32;
        return std::uint32_t(16 + (warps * kSumsPitch + warps + kSumsPitch) * sizeof(T));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = SummedAreaLookbackLine;
        const Op op;
        auto tile_slot = shared_memory<int>(b, 1);
        auto sums = shared_memory<T>(b, b.warps() * kSumsPitch);
        auto lefts = shared_memory<T>(b, b.warps());
        auto above = shared_memory<T>(b, kSumsPitch);  // each column's tiles above, added

        b.at(Line::TakeStrip);
        if (b.thread() == 0) tile_slot[0] = b.take_tile(tile_counter);
        b.sync(Line::ScanRows, 0);
        const int tile = tile_slot[0];
        const int band_rows = b.warps() * Rows;
        int tile_row = tile / tiles_across(), strip = tile % tiles_across();
        if (Order == 3) {
            const int at = order[tile];
            tile_row = at / tiles_across();
            strip = at % tiles_across();
        }
        if (Order == 2) {
            const int down = (height + b.warps() * Rows - 1) / (b.warps() * Rows);
            diagonal_tile(tile, tiles_across(), down, tile_row, strip);
        }
        const int band = tile_row * band_rows;
        const int x = strip * kTileWidth + b.lane() * Vec;
        const bool whole = x + Vec <= width && width % Vec == 0;
        const int first_row = band + b.warp() * Rows;
        const int my_row = first_row + b.lane();
        const bool row_lane = b.lane() < Rows && my_row < height;

        T items[Rows][Vec];
        {
            const T* row = in + static_cast<long long>(first_row) * width;
            for (int r = 0; r < Rows; ++r, row += width) {
                if (first_row + r < height) {
                    if (whole) {
                        if constexpr (Vec == 8) {
                            T(&half)[2][4] = reinterpret_cast<T(&)[2][4]>(items[r]);
                            load_consecutive<4>(row + x, 0, 4, Op::identity(), half[0]);
                            load_consecutive<4>(row + x + 4, 0, 4, Op::identity(), half[1]);
                        } else {
                            load_consecutive<Vec>(row + x, 0, Vec, Op::identity(), items[r]);
                        }
                    } else {
                        load_consecutive<Vec>(row, x, width, Op::identity(), items[r]);
                    }
                } else {
                    for (int v = 0; v < Vec; ++v)
                        items[r][v] = Op::identity();
                }
            }
        }
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
            sums[b.warp() * kSumsPitch + padded_column(b.lane() * Vec + v)] = items[Rows - 1][v];
        if (row_lane && !(Mask & 4))
            publish_row_total(b, descriptors, strip, my_row, height, my_total);

        T left = Op::identity();
        if (!(Mask & 1) && row_lane)
            left = look_left_sleeping<Op, Ahead, SleepNs>(b, descriptors, strip, my_row, height,
                                                          my_total);
        T left_down[Rows];
        T warp_lefts = Op::identity();
        for (int r = 0; r < Rows; ++r) {
            warp_lefts = op(warp_lefts, b.shfl(left, r));
            left_down[r] = warp_lefts;
        }
        if (b.lane() == 0) lefts[b.warp()] = warp_lefts;
        b.sync(Line::AddWarps, band);

        // A thread a column: down the warps (in place), the tile's total of the column (its rows
        // with their left parts) published, and the tiles above looked up.
        TileDescriptors columns = descriptors;
        columns.words += row_words * columns.spacing;
        if (columns.next_words) columns.next_words += row_words * columns.spacing;
        for (int i = 0; i < Vec; ++i) {
            const int column = b.thread() + i * b.threads();
            if (column >= kTileWidth) break;
            T down_to_warp = Op::identity();
            for (int w = 0; w < b.warps(); ++w) {
                const int at = w * kSumsPitch + padded_column(column);
                const T warp_sum = sums[at];
                sums[at] = down_to_warp;
                down_to_warp = op(op(down_to_warp, warp_sum), lefts[w]);
            }
            const int xg = strip * kTileWidth + column;
            T from_tiles_above = Op::identity();
            if (xg < width && !(Mask & 4)) {
                publish_row_total(b, columns, tile_row, xg, width, down_to_warp);
                if (!(Mask & 2))
                    from_tiles_above = look_left_sleeping<Op, Ahead, SleepNs>(
                        b, columns, tile_row, xg, width, down_to_warp);
            }
            above[padded_column(column)] = from_tiles_above;
        }
        b.sync(Line::Columns, band);

        T from_above[Vec];
        for (int v = 0; v < Vec; ++v) {
            const int c = padded_column(b.lane() * Vec + v);
            from_above[v] = op(above[c], sums[b.warp() * kSumsPitch + c]);
        }
        T* row = out + static_cast<long long>(first_row) * width;
        for (int r = 0; r < Rows && first_row + r < height; ++r, row += width) {
            for (int v = 0; v < Vec; ++v)
                items[r][v] = op(op(from_above[v], left_down[r]), items[r][v]);
            if (whole) {
                if constexpr (Vec == 8) {
                    const T(&half)[2][4] = reinterpret_cast<const T(&)[2][4]>(items[r]);
                    store_consecutive<4>(row + x, 0, 4, half[0]);
                    store_consecutive<4>(row + x + 4, 0, 4, half[1]);
                } else {
                    store_consecutive<Vec>(row + x, 0, Vec, items[r]);
                }
            } else {
                store_consecutive<Vec>(row, x, width, items[r]);
            }
        }
    }
};

// The ticket's tile: row after row of tiles (Order 0), or anti-diagonal after anti-diagonal, top
// first (Order 1), so that the tiles left and above were taken a diagonal earlier.
template <int Order>
SS_HD_INLINE void tile_of(int ticket, int across, int down, int& tile_row, int& strip) {
    if (Order == 0) {
        tile_row = ticket / across;
        strip = ticket % across;
        return;
    }
    int first = 0;
    for (int d = 0;; ++d) {
        const int top = d - (across - 1) > 0 ? d - (across - 1) : 0;
        const int bottom = d < down - 1 ? d : down - 1;
        const int count = bottom - top + 1;
        if (ticket < first + count) {
            tile_row = top + (ticket - first);
            strip = d - tile_row;
            return;
        }
        first += count;
    }
}

// The second design: a tile's column totals leave out its rows' left parts, so that they are
// published before any look-back; what is left and above the tile (the corner) comes along the
// tile's first row, whose total adds the strip's sum above the tile (the look-back up its last
// column).
template <class T, class Op, int Rows, int Vec, int MinBlocks, int Ahead, int Order>
struct SatTiles2 {
    static constexpr int kMinBlocksPerSm = MinBlocks;
    static constexpr int kTileWidth = 32 * Vec;
    static constexpr int kSumsPitch = kTileWidth + Vec;
    static constexpr bool kPackedDescriptors = true;
    const T* in;
    T* out;
    int width;
    int height;
    TileDescriptors descriptors;
    int* tile_counter;
    long long row_words;

    SS_HD int tiles_across() const { return (width + kTileWidth - 1) / kTileWidth; }
    SS_HD_INLINE static int padded_column(int column) { return column + column / 32; }
    static std::uint32_t shared_bytes(int threads) {
        const int warps = (threads + 31) / 32;
        return std::uint32_t(16 + (warps * kSumsPitch + warps + kSumsPitch + 4) * sizeof(T));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = SummedAreaLookbackLine;
        const Op op;
        auto tile_slot = shared_memory<int>(b, 1);
        auto sums = shared_memory<T>(b, b.warps() * kSumsPitch);
        auto lefts = shared_memory<T>(b, b.warps());
        auto above = shared_memory<T>(b, kSumsPitch);
        auto first_row_slot = shared_memory<T>(b, 2);  // row y0's total, then its left part

        b.at(Line::TakeStrip);
        if (b.thread() == 0) tile_slot[0] = b.take_tile(tile_counter);
        b.sync(Line::ScanRows, 0);
        const int ticket = tile_slot[0];
        const int band_rows = b.warps() * Rows;
        const int down = (height + band_rows - 1) / band_rows;
        int tile_row, strip;
        tile_of<Order>(ticket, tiles_across(), down, tile_row, strip);
        const int band = tile_row * band_rows;
        const int x = strip * kTileWidth + b.lane() * Vec;
        const bool whole = x + Vec <= width && width % Vec == 0;
        const int first_row = band + b.warp() * Rows;
        const int my_row = first_row + b.lane();
        const bool row_lane = b.lane() < Rows && my_row < height;
        const bool tile_first_row = b.warp() == 0 && b.lane() == 0;

        T items[Rows][Vec];
        {
            const T* row = in + static_cast<long long>(first_row) * width;
            for (int r = 0; r < Rows; ++r, row += width) {
                if (first_row + r < height) {
                    if (whole) {
                        load_consecutive<Vec>(row + x, 0, Vec, Op::identity(), items[r]);
                    } else {
                        load_consecutive<Vec>(row, x, width, Op::identity(), items[r]);
                    }
                } else {
                    for (int v = 0; v < Vec; ++v)
                        items[r][v] = Op::identity();
                }
            }
        }
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
            sums[b.warp() * kSumsPitch + padded_column(b.lane() * Vec + v)] = items[Rows - 1][v];
        if (row_lane && !tile_first_row)
            publish_row_total(b, descriptors, strip, my_row, height, my_total);
        if (tile_first_row) first_row_slot[0] = my_total;
        b.sync(Line::AddWarps, band);

        TileDescriptors columns = descriptors;
        columns.words += row_words * columns.spacing;
        if (columns.next_words) columns.next_words += row_words * columns.spacing;
        const int last_column =
            (width - strip * kTileWidth < kTileWidth ? width - strip * kTileWidth : kTileWidth) - 1;
        for (int i = 0; i < Vec; ++i) {
            const int column = b.thread() + i * b.threads();
            if (column > last_column) break;
            T down_to_warp = Op::identity();
            for (int w = 0; w < b.warps(); ++w) {
                const int at = w * kSumsPitch + padded_column(column);
                const T warp_sum = sums[at];
                sums[at] = down_to_warp;
                down_to_warp = op(down_to_warp, warp_sum);
            }
            const int xg = strip * kTileWidth + column;
            publish_row_total(b, columns, tile_row, xg, width, down_to_warp);
            const T from_tiles_above =
                look_left_along_row<Op, Ahead>(b, columns, tile_row, xg, width, down_to_warp);
            above[padded_column(column)] = from_tiles_above;
            if (column == last_column) {
                // The tile's first row carries the corner: its total and the strip above the tile.
                const T first_total = op(from_tiles_above, first_row_slot[0]);
                publish_row_total(b, descriptors, strip, band, height, first_total);
                first_row_slot[1] = look_left_along_row<Op, Ahead>(b, descriptors, strip, band,
                                                                   height, first_total);
            }
        }
        T left = Op::identity();
        if (row_lane && !tile_first_row)
            left = look_left_along_row<Op, Ahead>(b, descriptors, strip, my_row, height, my_total);
        T warp_lefts = Op::identity();
        for (int r = 1; r < Rows; ++r)
            warp_lefts = op(warp_lefts, b.shfl(left, r));
        if (b.lane() == 0) lefts[b.warp()] = op(warp_lefts, left);  // warp 0: its first row waits
        b.sync(Line::Columns, band);

        if (b.warp() == 0 && b.lane() == 0) left = first_row_slot[1];
        // What the warps above bring: their rows' left parts (warp 0's first row from shared).
        T lefts_above = Op::identity();
        {
            T mine = b.lane() < b.warps() ? lefts[b.lane()] : Op::identity();
            if (b.lane() == 0) mine = op(mine, first_row_slot[1]);
            const T upto = warp_inclusive_scan<Op>(b, mine);
            const T before = b.shfl_up(upto, 1);
            lefts_above = b.warp() == 0 ? Op::identity() : b.shfl(upto, b.warp() - 1);
            (void)before;
        }
        T left_down[Rows];
        T running = lefts_above;
        for (int r = 0; r < Rows; ++r) {
            running = op(running, b.shfl(left, r));
            left_down[r] = running;
        }
        T from_above[Vec];
        for (int v = 0; v < Vec; ++v) {
            const int c = padded_column(b.lane() * Vec + v);
            from_above[v] = op(above[c], sums[b.warp() * kSumsPitch + c]);
        }
        T* row = out + static_cast<long long>(first_row) * width;
        for (int r = 0; r < Rows && first_row + r < height; ++r, row += width) {
            for (int v = 0; v < Vec; ++v)
                items[r][v] = op(op(from_above[v], left_down[r]), items[r][v]);
            if (whole) {
                store_consecutive<Vec>(row + x, 0, Vec, items[r]);
            } else {
                store_consecutive<Vec>(row, x, width, items[r]);
            }
        }
    }
};

namespace {

const int* g_order = nullptr;  // the ticket order of the rows with Order 3
template <class Table>
auto set_order(Table& table, int) -> decltype(table.order, void()) {
    table.order = g_order;
}
template <class Table>
void set_order(Table&, long) {}

// Tiles by key tile_row * shear + strip, then from the top: shear 1 the anti-diagonals, shear
// `across` row after row.
std::vector<int> sheared_order(int across, int down, int shear, bool bottom_first = false) {
    std::vector<int> tiles(std::size_t(across) * std::size_t(down));
    for (int t = 0; t < int(tiles.size()); ++t)
        tiles[std::size_t(t)] = t;
    std::stable_sort(tiles.begin(), tiles.end(), [&](int a, int b) {
        const long long ka = static_cast<long long>(a / across) * shear + a % across;
        const long long kb = static_cast<long long>(b / across) * shear + b % across;
        if (ka != kb) return ka < kb;
        return bottom_first ? a > b : a < b;
    });
    return tiles;
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

template <class Table, int Rows, int Vec, int MinBlocks>
void table_row(const Problem& p, int* in, int* out, int reps, double copy_ms, int threads,
               const char* name) {
    cudaFuncAttributes a;
    SS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel_entry<PlainMode, Table>()));
    if (threads > a.maxThreadsPerBlock) return;
    int resident = 0;
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            const int width = p.request.width, height = p.n / width;
            const int band_rows = threads / 32 * Rows;
            Table table{in, out, width, height, {}, nullptr, 0};
            set_order(table, 0);
            const int across = table.tiles_across();
            const int down = (height + band_rows - 1) / band_rows;
            table.row_words = static_cast<long long>(across) * height;
            const long long words = table.row_words + static_cast<long long>(down) * width;
            LaunchShape shape{"sat tiles", across * down, threads, Table::shared_bytes(threads)};
            resident = l.resident_blocks(shape, table);
            table.descriptors = DescriptorTurns<GpuLauncher>(l, std::size_t(words), 1, 1)
                                    .for_pass(0, table.tile_counter);
            l.launch(shape, table, {});
        },
        [&](GpuLauncher& l) {
            std::vector<int> got(p.expected.size());
            l.download(got.data(), out, got.size());
            if (got != p.expected && std::strstr(name, "mask 0 ") != nullptr) {
                std::size_t k = 0;
                while (got[k] == p.expected[k])
                    ++k;
                std::printf("tiles rows %d vec %d threads %d: WRONG at %zu (%d, %d): %d vs %d\n",
                            Rows, Vec, threads, k, int(k % p.request.width),
                            int(k / p.request.width), got[k], p.expected[k]);
                std::exit(1);
            }
        });
    std::printf(
        "%-28s rows %2d vec %d threads %4d minblocks %d  tile %4d x %3d  regs %3d  "
        "resident %4d  %9.4f ms  x copy %.3f\n",
        name, Rows, Vec, threads, MinBlocks, threads / 32 * Rows, 32 * Vec, a.numRegs, resident, ms,
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
    {
        const double ms = time_driver(reps, [&](GpuLauncher& l) {
            // The strips as summed-area-lookback's policy ran them before the tiles (8 rows of 4
            // at 512 threads; at 2^20 and 2^24 it took 32 rows of 1).
            summed_area_lookback<GpuLauncher, int, AddOp<int>, 8, 4, false>(l, p.request, in, out,
                                                                            512);
        });
        std::printf("summed-area-lookback (strips)            %9.4f ms  x copy %.3f\n", ms,
                    ms / copy_ms);
    }
#define ROW1(R, V, A, T)                                                                    \
    table_row<SatTiles<int, AddOp<int>, R, V, 2, A>, R, V, 2>(p, in, out, reps, copy_ms, T, \
                                                              "first ahead " #A)
#define ROW3(R, V, A, M, T)                                                                    \
    table_row<SatTiles<int, AddOp<int>, R, V, M, A, T>, R, V, M>(p, in, out, reps, copy_ms, T, \
                                                                 "first bounded ahead " #A)
#define ROW5(R, V, A, M, T, MASK, ORDER)                                          \
    table_row<SatTiles<int, AddOp<int>, R, V, M, A, T, 0, MASK, ORDER>, R, V, M>( \
        p, in, out, reps, copy_ms, T, "first mask " #MASK " order " #ORDER)
#define ROW6(R, V, A, M, T, MASK, ORDER)                                          \
    table_row<SatTiles<int, AddOp<int>, R, V, M, A, T, 0, MASK, ORDER>, R, V, M>( \
        p, in, out, reps, copy_ms, T, "first mask " #MASK " ahead " #A)
#define ROW4(R, V, A, M, T, S, MASK)                                       \
    table_row<SatTiles<int, AddOp<int>, R, V, M, A, T, S, MASK>, R, V, M>( \
        p, in, out, reps, copy_ms, T, "first mask " #S)
#define ROW2(R, V, A, O, T)                                                                     \
    table_row<SatTiles2<int, AddOp<int>, R, V, 2, A, O>, R, V, 2>(p, in, out, reps, copy_ms, T, \
                                                                  "second ahead " #A " order " #O)
    ROW5(16, 4, 4, 2, 256, 0, 0);
    const auto with_order = [&](int tile_rows, int tile_width, int shear) {
        const int across = (p.request.width + tile_width - 1) / tile_width;
        const int down = (p.n / p.request.width + tile_rows - 1) / tile_rows;
        const std::vector<int> order = sheared_order(across, down, shear);
        int* on_gpu = data.alloc<int>(order.size());
        data.upload(on_gpu, order.data(), order.size());
        data.synchronize();
        g_order = on_gpu;
        std::printf("shear %d:\n", shear);
    };
    for (int shear : {1, 2}) {
        with_order(128, 128, shear);
        ROW6(16, 4, 2, 2, 256, 0, 3);
        with_order(64, 256, shear);
        ROW6(8, 8, 2, 2, 256, 0, 3);
        ROW6(8, 8, 2, 2, 256, 1, 3);
        with_order(128, 256, shear);
        ROW6(16, 8, 2, 1, 256, 0, 3);
        ROW6(8, 8, 2, 1, 512, 0, 3);
    }
    with_order(64, 256, 1);
    ROW6(8, 8, 2, 2, 256, 0, 0);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    return scanscope::run_sweeps(argc, argv, "probe_sat_tiles", scanscope::sweep);
}
