// Sweeps the timed shapes of summed-area-lookback (tiles of one band or strips down the whole
// table, strip width 32 * vec, rows per warp, threads per block, descriptors a look-back reads
// at once) on the GPU, beside a device copy of the table in the same run: int32, +, square tables
// (2^10 x 2^10, 2^12 x 2^12, 2^14 x 2^14 for the default sizes 20, 24, 28).
// SummedAreaLookbackPolicy (kernels/scan/lookback_policies.h) comes from its output;
// bench/tuning.md records the runs.
//
//   [SCANSCOPE_TUNE_WIDE=1|shapes|timeline] scanscope_tune_summed_area [--sizes 20,24,28]
//       [--reps 30]
//   (SCANSCOPE_TUNE_WIDE=1: only the policy's wide tiles, which the app runs from 16384 wide;
//   shapes: wide tiles of other rows, widths and threads beside them; timeline: where a wide
//   tile's time goes, between its ticket and its barriers)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "probe_timer.cuh"
#include "variants/drivers.h"

namespace scanscope {
namespace {

struct Problem {
    int n;
    RunRequest request;
    std::vector<int> host, expected;
};

// A square table of 1 .. 7; its summed-area table added up in 32-bit words as the kernel wraps.
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

template <int Rows, int Vec, bool Tiles, int Ahead>
void shape_row(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    cudaFuncAttributes a;
    SS_CUDA_CHECK(cudaFuncGetAttributes(
        &a, kernel_entry<PlainMode,
                         kernels::SummedAreaLookback<int, AddOp<int>, Rows, Vec, Tiles, Ahead>>()));
    for (int threads : {256, 512, 1024}) {
        if (threads > a.maxThreadsPerBlock) continue;  // its registers (or launch bounds) forbid
        const double ms = time_driver(
            reps,
            [&](GpuLauncher& l) {
                kernels::summed_area_lookback<GpuLauncher, int, AddOp<int>, Rows, Vec, Tiles,
                                              Ahead>(l, p.request, in, out, threads);
            },
            output_is(out, p.expected,
                      "rows " + std::to_string(Rows) + " vec " + std::to_string(Vec) + " ahead " +
                          std::to_string(Ahead) + " threads " + std::to_string(threads)));
        std::printf(
            "summed-area  %-6s rows %2d  vec %d  ahead %d  threads %4d  strips %5d  regs %3d  "
            "local %3zu B  %9.4f ms  x copy %.3f\n",
            Tiles ? "tiles" : "strips", Rows, Vec, Ahead, threads,
            (p.request.width + 32 * Vec - 1) / (32 * Vec), a.numRegs, a.localSizeBytes, ms,
            ms / copy_ms);
    }
}

// Wide tiles of other shapes (Rows rows of 4 a warp, WarpCols warps side by side), by turns with
// the policy's: fewer rows a warp leave registers for more blocks an SM, at more tiles.
template <int Rows, int WarpCols, int Vec = 4>
void wide_shape(const Problem& p, int* in, int* out, int reps, double copy_ms, int threads) {
    using Table = kernels::SummedAreaLookback<int, AddOp<int>, Rows, Vec, true, 4, WarpCols>;
    cudaFuncAttributes a;
    SS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel_entry<PlainMode, Table>()));
    if (threads > a.maxThreadsPerBlock || threads % (32 * WarpCols) != 0) return;
    int per_sm = 0;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, kernel_entry<PlainMode, Table>(), threads, Table::shared_bytes(threads)));
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            kernels::summed_area_lookback<GpuLauncher, int, AddOp<int>, Rows, Vec, true, 4,
                                          WarpCols>(l, p.request, in, out, threads);
        },
        output_is(out, p.expected, "wide rows " + std::to_string(Rows)));
    std::printf(
        "summed-area  wide   rows %2d  vec %d  across %d  threads %4d  tile %3d x %4d  regs %3d  "
        "local %3zu B  %d an SM  %9.4f ms  x copy %.3f\n",
        Rows, Vec, WarpCols, threads, threads / 32 / WarpCols * Rows, WarpCols * 32 * Vec,
        a.numRegs, a.localSizeBytes, per_sm, ms, ms / copy_ms);
}

// The policy's wide tiles (16 rows of 4 a warp, kWideWarpCols warps side by side, 256 threads),
// three times.
void wide_rows(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    for (int turn = 0; turn < 3; ++turn)
        wide_shape<16, kernels::SummedAreaLookbackPolicy::kWideWarpCols>(p, in, out, reps, copy_ms,
                                                                         256);
}

using WideTable = kernels::SummedAreaLookback<int, AddOp<int>, 16, 4, true, 4,
                                              kernels::SummedAreaLookbackPolicy::kWideWarpCols>;

// Where a wide tile's time goes (SCANSCOPE_TUNE_WIDE=timeline, a probe): the policy's tiles with
// GpuBlock's ticket and barriers specialised to note, for each ticket, when it was taken, on which
// SM, and when thread 0 left each of the tile's five barriers (%globaltimer, ns): 0 the tile
// known, 1 its rows loaded and scanned, 2 the look-back along its rows done, 3 its rows' left parts
// added, 4 its columns taken from the tile above and handed on; the stores follow. The notes
// cost time of their own (on an H200 at 2^28, 1.17-1.19 x the copy against the kernel's 1.145).
}  // namespace

struct WideMoments {
    long long taken, at[5];
    int sm, steps;
};
__device__ WideMoments* g_wide_moments;
__shared__ int g_wide_ticket;

struct WideTimelineMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};

__device__ __forceinline__ long long wide_now() {
    long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

template <>
__device__ int GpuBlock<WideTimelineMode>::take_tile(int* counter, int first) {
    const int tile = first + atomicAdd(counter, 1);
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    g_wide_moments[tile].taken = wide_now();
    g_wide_moments[tile].sm = int(sm);
    g_wide_moments[tile].steps = 0;
    g_wide_ticket = tile;
    return tile;
}
template <>
template <>
__device__ void GpuBlock<WideTimelineMode>::sync<int>(std::uint16_t, int) {
    __syncthreads();
    if (threadIdx.x == 0) {
        WideMoments& m = g_wide_moments[g_wide_ticket];
        if (m.steps < 5) m.at[m.steps] = wide_now();
        ++m.steps;
    }
}

namespace {

void print_spread(const char* what, std::vector<double> us, const char* unit = "us") {
    std::sort(us.begin(), us.end());
    double sum = 0;
    for (double u : us)
        sum += u;
    const auto at = [&](double q) { return us[std::size_t(q * double(us.size() - 1))]; };
    std::printf("  %-58s mean %7.2f  p10 %7.2f  p50 %7.2f  p90 %7.2f  p99 %7.2f %s\n", what,
                sum / double(us.size()), at(0.1), at(0.5), at(0.9), at(0.99), unit);
}

void wide_timeline(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    (void)reps;
    constexpr int threads = 256;
    using Table = WideTable;
    const int width = p.request.width, height = p.n / width;
    Table probe_table{in, out, width, height, {}, nullptr};
    const int across = probe_table.strips(), down = probe_table.tile_rows(threads);
    const int tiles = across * down;
    GpuLauncher l;
    l.alloc<int>(1);
    l.keep_allocations();
    WideMoments* moments = l.alloc<WideMoments>(std::size_t(tiles));
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_wide_moments, &moments, sizeof(moments)));
    l.keep_allocations();
    for (int run = 0; run < 4; ++run) {
        if (run > 0) l.rewind();
        Table table = probe_table;
        LaunchShape shape{"probe", tiles, threads, Table::shared_bytes(threads)};
        const int words = table.row_descriptors() + table.column_words(threads);
        table.descriptors = kernels::alloc_descriptors<Table>(
            l, words, KernelShape::Timed, l.resident_blocks(shape, table), table.tile_counter);
        LaunchEnv env;
        env.shared_bytes = shape.shared_bytes;
        cudaEvent_t start, stop;
        SS_CUDA_CHECK(cudaEventCreate(&start));
        SS_CUDA_CHECK(cudaEventCreate(&stop));
        SS_CUDA_CHECK(cudaEventRecord(start, l.stream()));
        kernel_entry<WideTimelineMode,
                     Table>()<<<shape.grid, shape.block, shape.shared_bytes, l.stream()>>>(table,
                                                                                           env);
        SS_CUDA_CHECK_LAUNCH();
        SS_CUDA_CHECK(cudaEventRecord(stop, l.stream()));
        l.synchronize();
        float ms = 0;
        SS_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        std::printf("timeline run %d: %.4f ms, x copy %.3f (one launch, events)\n", run, ms,
                    ms / copy_ms);
        SS_CUDA_CHECK(cudaEventDestroy(start));
        SS_CUDA_CHECK(cudaEventDestroy(stop));
    }
    output_is(out, p.expected, "timeline")(l);
    std::vector<WideMoments> m(static_cast<std::size_t>(tiles));
    l.download(m.data(), moments, m.size());
    long long t0 = m[0].taken;
    for (const auto& x : m)
        t0 = std::min(t0, x.taken);
    std::vector<int> ticket_of(static_cast<std::size_t>(tiles));
    for (int t = 0; t < tiles; ++t)
        ticket_of[std::size_t(kernels::anti_diagonal_tile(t, across, down))] = t;
    const auto us = [](long long a, long long b) { return double(b - a) / 1000.0; };
    std::vector<double> known, loaded, rows, lefts, columns, left_late, above_late, between;
    for (int t = 0; t < tiles; ++t) {
        const WideMoments& x = m[std::size_t(t)];
        if (x.steps != 5) {
            std::printf("ticket %d: %d barriers noted, not 5\n", t, x.steps);
            std::exit(1);
        }
        known.push_back(us(x.taken, x.at[0]));
        loaded.push_back(us(x.at[0], x.at[1]));
        rows.push_back(us(x.at[1], x.at[2]));
        lefts.push_back(us(x.at[2], x.at[3]));
        columns.push_back(us(x.at[3], x.at[4]));
        const int tile = kernels::anti_diagonal_tile(t, across, down);
        const int strip = tile % across, tile_row = tile / across;
        if (strip > 0) {  // the left tile's row prefixes were out by its barrier 2
            const WideMoments& left = m[std::size_t(ticket_of[std::size_t(tile - 1)])];
            left_late.push_back(us(x.at[1], left.at[2]));
            between.push_back(double(t - ticket_of[std::size_t(tile - 1)]));
        }
        if (tile_row > 0) {  // the tile above handed down before its barrier 4
            const WideMoments& above = m[std::size_t(ticket_of[std::size_t(tile - across)])];
            above_late.push_back(us(x.at[3], above.at[4]));
        }
    }
    std::printf("wide tiles 64 x 256, %d tiles (%d x %d), the last launch of four:\n", tiles,
                across, down);
    print_spread("ticket to the tile known (barrier 0)", known);
    print_spread("loads and row scans (barrier 0 to 1)", loaded);
    print_spread("look-back along the rows (1 to 2)", rows);
    print_spread("rows' left parts (2 to 3)", lefts);
    print_spread("columns taken and handed on (3 to 4)", columns);
    print_spread("left tile's barrier 2 after this tile's barrier 1", left_late);
    print_spread("tile above's barrier 4 after this tile's barrier 3", above_late);
    print_spread("tickets from the left tile's", between, "tickets");
    long long end = t0;
    for (const auto& x : m)
        end = std::max(end, x.at[4]);
    std::printf("  first ticket to the last barrier 4: %.1f us\n", us(t0, end));
}

// The floor's order (SCANSCOPE_TUNE_WIDE=order-floor, a probe; results wrong by design): the
// app's wide tiles with nothing read, published or handed down, by anti-diagonals (the app's
// order) and row after row. Row after row, take_tile hands the kernel the anti-diagonal ticket of
// the tile the real ticket names row after row, so that the kernel's anti_diagonal_tile finds that
// tile: the same arithmetic a tile, only the order differs.
}  // namespace

__host__ __device__ inline int anti_diagonal_ticket(int tile, int across, int down) {
    const int shorter = across < down ? across : down, longer = across + down - shorter;
    const int row = tile / across, diagonal = row + tile % across, last = across + down - 1;
    int before = 0;  // tiles on the diagonals before this one
    if (diagonal <= shorter) {
        before = diagonal * (diagonal + 1) / 2;
    } else if (diagonal <= longer) {
        before = shorter * (shorter + 1) / 2 + (diagonal - shorter) * shorter;
    } else {
        const int m = last - diagonal;  // diagonals from this one to the last: m, m - 1, ... tiles
        before = across * down - m * (m + 1) / 2;
    }
    const int top = diagonal - (across - 1) > 0 ? diagonal - (across - 1) : 0;
    return before + row - top;
}

template <bool RowAfterRow>
struct FloorMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
__device__ int g_floor_across, g_floor_down;
#define SCANSCOPE_FLOOR_MODE(ROWS)                                                                \
    template <>                                                                                   \
    __device__ int GpuBlock<FloorMode<ROWS>>::take_tile(int* counter, int first) {                \
        const int ticket = first + atomicAdd(counter, 1);                                         \
        return ROWS ? anti_diagonal_ticket(ticket, g_floor_across, g_floor_down) : ticket;        \
    }                                                                                             \
    template <>                                                                                   \
    __device__ TileDescriptor GpuBlock<FloorMode<ROWS>>::peek(TileDescriptors, int, int) {        \
        return {TileStatus::Prefix, 0u};                                                          \
    }                                                                                             \
    template <>                                                                                   \
    __device__ bool GpuBlock<FloorMode<ROWS>>::take_handed(TileDescriptors, int, int,             \
                                                           std::uint32_t, std::uint32_t& value) { \
        value = 0;                                                                                \
        return true;                                                                              \
    }                                                                                             \
    template <>                                                                                   \
    __device__ void GpuBlock<FloorMode<ROWS>>::hand_down(TileDescriptors, int, std::uint32_t,     \
                                                         std::uint32_t) {}                        \
    template <>                                                                                   \
    __device__ void GpuBlock<FloorMode<ROWS>>::publish(TileDescriptors, int, TileStatus,          \
                                                       std::uint32_t) {}
SCANSCOPE_FLOOR_MODE(false)
SCANSCOPE_FLOOR_MODE(true)

namespace {

template <bool RowAfterRow>
void wide_floor(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    constexpr int threads = 256;
    using Mode = FloorMode<RowAfterRow>;
    const double ms = time_driver(reps, [&](GpuLauncher& l) {
        const int width = p.request.width, height = p.n / width;
        WideTable table{in, out, width, height, {}, nullptr};
        LaunchShape shape{"probe", table.strips() * table.tile_rows(threads), threads,
                          WideTable::shared_bytes(threads)};
        const int words = table.row_descriptors() + table.column_words(threads);
        table.descriptors = kernels::alloc_descriptors<WideTable>(
            l, words, KernelShape::Timed, l.resident_blocks(shape, table), table.tile_counter);
        LaunchEnv env;
        env.shared_bytes = shape.shared_bytes;
        kernel_entry<Mode,
                     WideTable>()<<<shape.grid, shape.block, shape.shared_bytes, l.stream()>>>(
            table, env);
        SS_CUDA_CHECK_LAUNCH();
    });
    std::printf(
        "summed-area  wide 64 x 256  nothing read, published or handed, %-16s %9.4f ms  "
        "x copy %.3f\n",
        RowAfterRow ? "row after row" : "anti-diagonals", ms, ms / copy_ms);
}

void wide_order_floor(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    WideTable probe_table{in, out, p.request.width, p.n / p.request.width, {}, nullptr};
    const int across = probe_table.strips(), down = probe_table.tile_rows(256);
    // The inverse checked against the listed order first.
    const std::vector<int> order = kernels::anti_diagonal_order(across, down);
    for (int t = 0; t < int(order.size()); ++t)
        if (anti_diagonal_ticket(order[std::size_t(t)], across, down) != t) {
            std::printf("anti_diagonal_ticket wrong at ticket %d\n", t);
            std::exit(1);
        }
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_across, &across, sizeof(int)));
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_down, &down, sizeof(int)));
    for (int turn = 0; turn < 3; ++turn) {
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 256);  // the app
        wide_floor<false>(p, in, out, reps, copy_ms);
        wide_floor<true>(p, in, out, reps, copy_ms);
    }
}

// Sheared orders (SCANSCOPE_TUNE_WIDE=shears, a probe): tiles by keys row * shear + column, each
// key from the top; shear 1 is the app's anti-diagonals, a shear as wide as the grid row after
// row. The tile to the left is one key back, the one above `shear` keys back: both smaller
// tickets. Thread 0 finds the ticket's key by a binary search over a closed-form count, and
// take_tile hands the kernel that tile's anti-diagonal ticket (the same trick as order-floor).
}  // namespace

__device__ int g_shear;
// Tiles whose key row * shear + column is below k.
__host__ __device__ inline long long keys_below(int k, int shear, int across, int down) {
    // Rows whose whole width is below k: row * shear + across <= k.
    int full = k - across < 0 ? 0 : (k - across) / shear + 1;
    if (full > down) full = down;
    long long count = static_cast<long long>(full) * across;
    // Rows from `full` on with part of their width below k: columns 0 .. k - row * shear - 1.
    const int last = k <= 0 ? -1 : ((k - 1) / shear < down - 1 ? (k - 1) / shear : down - 1);
    if (last >= full) {
        const long long n = last - full + 1;
        count += n * k - static_cast<long long>(shear) * (full + last) * n / 2;
    }
    return count;
}
__host__ __device__ inline int sheared_tile(int ticket, int shear, int across, int down) {
    int lo = 0, hi = (down - 1) * shear + across;  // the key: keys_below(key) <= ticket < ...
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        if (keys_below(mid, shear, across, down) <= ticket)
            lo = mid;
        else
            hi = mid;
    }
    const int key = lo;
    const int place = ticket - int(keys_below(key, shear, across, down));
    const int first_row = key - (across - 1) <= 0 ? 0 : (key - (across - 1) + shear - 1) / shear;
    const int row = first_row + place;
    return row * across + (key - row * shear);
}

template <bool Silent>
struct ShearMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
// The ticket's tile's anti-diagonal ticket, from a table made on the host: a read a tile (a round
// trip, the same for every shear), where a search on thread 0 cost more as the shear grew.
__device__ const int* g_shear_order;
template <>
__device__ int GpuBlock<ShearMode<false>>::take_tile(int* counter, int first) {
    return g_shear_order[first + atomicAdd(counter, 1)];
}
template <>
__device__ int GpuBlock<ShearMode<true>>::take_tile(int* counter, int first) {
    return g_shear_order[first + atomicAdd(counter, 1)];
}
template <>
__device__ TileDescriptor GpuBlock<ShearMode<true>>::peek(TileDescriptors, int, int) {
    return {TileStatus::Prefix, 0u};
}
template <>
__device__ bool GpuBlock<ShearMode<true>>::take_handed(TileDescriptors, int, int, std::uint32_t,
                                                       std::uint32_t& value) {
    value = 0;
    return true;
}
template <>
__device__ void GpuBlock<ShearMode<true>>::hand_down(TileDescriptors, int, std::uint32_t,
                                                     std::uint32_t) {}
template <>
__device__ void GpuBlock<ShearMode<true>>::publish(TileDescriptors, int, TileStatus,
                                                   std::uint32_t) {}

namespace {

template <bool Silent>
void wide_shear(const Problem& p, int* in, int* out, int reps, double copy_ms, int shear) {
    constexpr int threads = 256;
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_shear, &shear, sizeof(int)));
    {
        const int across = (p.request.width + 255) / 256, down = p.n / p.request.width / 64;
        std::vector<int> order(static_cast<std::size_t>(across * down));
        for (int t = 0; t < across * down; ++t)
            order[std::size_t(t)] =
                anti_diagonal_ticket(sheared_tile(t, shear, across, down), across, down);
        static GpuLauncher tables;
        int* device_order = tables.alloc<int>(order.size());
        tables.upload(device_order, order.data(), order.size());
        tables.synchronize();
        const int* pointer = device_order;
        SS_CUDA_CHECK(cudaMemcpyToSymbol(g_shear_order, &pointer, sizeof(pointer)));
    }
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            const int width = p.request.width, height = p.n / width;
            WideTable table{in, out, width, height, {}, nullptr};
            LaunchShape shape{"probe", table.strips() * table.tile_rows(threads), threads,
                              WideTable::shared_bytes(threads)};
            const int words = table.row_descriptors() + table.column_words(threads);
            table.descriptors = kernels::alloc_descriptors<WideTable>(
                l, words, KernelShape::Timed, l.resident_blocks(shape, table), table.tile_counter);
            LaunchEnv env;
            env.shared_bytes = shape.shared_bytes;
            kernel_entry<ShearMode<Silent>,
                         WideTable>()<<<shape.grid, shape.block, shape.shared_bytes, l.stream()>>>(
                table, env);
            SS_CUDA_CHECK_LAUNCH();
        },
        Silent ? std::function<void(GpuLauncher&)>{}
               : output_is(out, p.expected, "shear " + std::to_string(shear)));
    std::printf(
        "summed-area  wide 64 x 256  shear %3d%s  %9.4f ms  x copy %.3f\n", shear,
        Silent ? ", nothing read, published or handed" : "                                  ", ms,
        ms / copy_ms);
}

void wide_shears(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    WideTable probe_table{in, out, p.request.width, p.n / p.request.width, {}, nullptr};
    const int across = probe_table.strips(), down = probe_table.tile_rows(256);
    const std::vector<int> order = kernels::anti_diagonal_order(across, down);
    for (int t = 0; t < int(order.size()); ++t)
        if (sheared_tile(t, 1, across, down) != order[std::size_t(t)]) {
            std::printf("sheared_tile(shear 1) is not the anti-diagonal order at ticket %d\n", t);
            std::exit(1);
        }
    for (int shear : {2, 4, 8, 16, 64}) {  // each order takes every tile once, each key's tiles
        std::vector<char> seen(std::size_t(across * down), 0);
        int last_key = -1;
        for (int t = 0; t < across * down; ++t) {
            const int tile = sheared_tile(t, shear, across, down);
            const int key = tile / across * shear + tile % across;
            if (tile < 0 || tile >= across * down || seen[std::size_t(tile)] || key < last_key) {
                std::printf("sheared_tile(shear %d) wrong at ticket %d\n", shear, t);
                std::exit(1);
            }
            seen[std::size_t(tile)] = 1;
            last_key = key;
        }
    }
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_across, &across, sizeof(int)));
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_down, &down, sizeof(int)));
    for (int turn = 0; turn < 2; ++turn) {
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 256);  // the app
        for (int shear : {1, 2, 4, 8, 16, 64}) {
            wide_shear<false>(p, in, out, reps, copy_ms, shear);
            wide_shear<true>(p, in, out, reps, copy_ms, shear);
        }
    }
}

// Group prefetch (SCANSCOPE_TUNE_WIDE=group, a probe): a tile whose strip is a multiple of K asks
// the L2 for the next K - 1 tiles of its row of tiles (prefetch.global.L2, each thread its own
// 16 bytes of each row, as it loads its own), so that the DRAM sees K KiB of each row at once, as
// row after row does; those tiles, taken a diagonal or more later, find their rows in the L2.
// Done by every thread as it leaves the tile's first barrier (the tile known: the kernel's first
// word of shared memory). Silent: nothing read, published or handed down as well.
}  // namespace

__device__ const int* g_group_in;
__device__ int g_group_width;
__shared__ int g_group_pending;
template <int K, bool Silent>
struct GroupMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
#define SCANSCOPE_GROUP_MODE(K, SILENT)                                                     \
    template <>                                                                             \
    __device__ int GpuBlock<GroupMode<K, SILENT>>::take_tile(int* counter, int first) {     \
        g_group_pending = 1;                                                                \
        return first + atomicAdd(counter, 1);                                               \
    }                                                                                       \
    template <>                                                                             \
    template <>                                                                             \
    __device__ void GpuBlock<GroupMode<K, SILENT>>::sync<int>(std::uint16_t, int) {         \
        __syncthreads();                                                                    \
        if (!g_group_pending) return;                                                       \
        __syncthreads();                                                                    \
        if (threadIdx.x == 0) g_group_pending = 0;                                          \
        const int tile = *reinterpret_cast<const int*>(dynamic_shared_base());              \
        const int across = g_floor_across, strip = tile % across, tile_row = tile / across; \
        const int warp = int(threadIdx.x) >> 5, lane = int(threadIdx.x) & 31;               \
        if (strip % K != 0) return;                                                         \
        const int x = strip * 256 + (warp & 1) * 128 + lane * 4;                            \
        const long long row0 = tile_row * 64 + (warp >> 1) * 16;                            \
        for (int f = 1; f < K && strip + f < across; ++f)                                   \
            for (int r = 0; r < 16; ++r)                                                    \
                asm volatile("prefetch.global.L2 [%0];" ::"l"(                              \
                    g_group_in + (row0 + r) * g_group_width + x + f * 256));                \
    }
#define SCANSCOPE_GROUP_SILENT(K)                                                                \
    template <>                                                                                  \
    __device__ TileDescriptor GpuBlock<GroupMode<K, true>>::peek(TileDescriptors, int, int) {    \
        return {TileStatus::Prefix, 0u};                                                         \
    }                                                                                            \
    template <>                                                                                  \
    __device__ bool GpuBlock<GroupMode<K, true>>::take_handed(                                   \
        TileDescriptors, int, int, std::uint32_t, std::uint32_t& value) {                        \
        value = 0;                                                                               \
        return true;                                                                             \
    }                                                                                            \
    template <>                                                                                  \
    __device__ void GpuBlock<GroupMode<K, true>>::hand_down(TileDescriptors, int, std::uint32_t, \
                                                            std::uint32_t) {}                    \
    template <>                                                                                  \
    __device__ void GpuBlock<GroupMode<K, true>>::publish(TileDescriptors, int, TileStatus,      \
                                                          std::uint32_t) {}
SCANSCOPE_GROUP_MODE(1, false)
SCANSCOPE_GROUP_MODE(2, false)
SCANSCOPE_GROUP_MODE(4, false)
SCANSCOPE_GROUP_MODE(1, true)
SCANSCOPE_GROUP_MODE(2, true)
SCANSCOPE_GROUP_MODE(4, true)
SCANSCOPE_GROUP_SILENT(1)
SCANSCOPE_GROUP_SILENT(2)
SCANSCOPE_GROUP_SILENT(4)

namespace {

template <int K, bool Silent>
void wide_group(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    constexpr int threads = 256;
    using Mode = GroupMode<K, Silent>;
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            const int width = p.request.width, height = p.n / width;
            WideTable table{in, out, width, height, {}, nullptr};
            LaunchShape shape{"probe", table.strips() * table.tile_rows(threads), threads,
                              WideTable::shared_bytes(threads)};
            const int words = table.row_descriptors() + table.column_words(threads);
            table.descriptors = kernels::alloc_descriptors<WideTable>(
                l, words, KernelShape::Timed, l.resident_blocks(shape, table), table.tile_counter);
            LaunchEnv env;
            env.shared_bytes = shape.shared_bytes;
            kernel_entry<Mode,
                         WideTable>()<<<shape.grid, shape.block, shape.shared_bytes, l.stream()>>>(
                table, env);
            SS_CUDA_CHECK_LAUNCH();
        },
        Silent ? std::function<void(GpuLauncher&)>{}
               : output_is(out, p.expected, "group " + std::to_string(K)));
    std::printf(
        "summed-area  wide 64 x 256  group %d%s  %9.4f ms  x copy %.3f\n", K,
        Silent ? ", nothing read, published or handed" : "                                  ", ms,
        ms / copy_ms);
}

void wide_groups(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    const int across = (p.request.width + 255) / 256, width = p.request.width;
    const int* pointer = in;
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_across, &across, sizeof(int)));
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_group_width, &width, sizeof(int)));
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_group_in, &pointer, sizeof(pointer)));
    for (int turn = 0; turn < 2; ++turn) {
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 256);  // the app
        wide_group<1, false>(p, in, out, reps, copy_ms);
        wide_group<2, false>(p, in, out, reps, copy_ms);
        wide_group<4, false>(p, in, out, reps, copy_ms);
        wide_group<1, true>(p, in, out, reps, copy_ms);
        wide_group<2, true>(p, in, out, reps, copy_ms);
        wide_group<4, true>(p, in, out, reps, copy_ms);
    }
}

void wide_shapes(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    for (int turn = 0; turn < 2; ++turn) {
        wide_shape<16, kernels::SummedAreaLookbackPolicy::kWideWarpCols>(p, in, out, reps, copy_ms,
                                                                         256);  // the policy's
        wide_shape<16, 4>(p, in, out, reps, copy_ms, 256);  // the policy's before 2026-11-29
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 128);
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 512);
        wide_shape<16, 2, 2>(p, in, out, reps, copy_ms, 256);
        wide_shape<32, 2, 2>(p, in, out, reps, copy_ms, 256);
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 192);
        wide_shape<8, 4>(p, in, out, reps, copy_ms, 512);
        wide_shape<16, 8>(p, in, out, reps, copy_ms, 256);
        wide_shape<8, 2>(p, in, out, reps, copy_ms, 256);
    }
}

void sweep(int log_n, int reps) {
    const Problem p = make_problem(log_n);
    GpuLauncher data;
    int* in = data.alloc<int>(p.host.size());
    int* out = data.alloc<int>(p.host.size());
    data.upload(in, p.host.data(), p.host.size());
    const std::size_t bytes = std::size_t(p.n) * 4;
    int* to = data.alloc<int>(p.host.size());
    data.synchronize();
    const double copy_ms = time_driver(reps, [&](GpuLauncher& l) {
        SS_CUDA_CHECK(cudaMemcpyAsync(to, in, bytes, cudaMemcpyDeviceToDevice, l.stream()));
    });
    std::printf("\n== n = 2^%d, a table %d wide: copy of %.0f MB %.4f ms (%.0f GB/s)\n", log_n,
                p.request.width, double(bytes) / 1e6, copy_ms, 2.0 * double(bytes) / copy_ms / 1e6);
    if (const char* wide = std::getenv("SCANSCOPE_TUNE_WIDE")) {
        if (std::string(wide) == "shapes") return wide_shapes(p, in, out, reps, copy_ms);
        if (std::string(wide) == "timeline") return wide_timeline(p, in, out, reps, copy_ms);
        if (std::string(wide) == "shears") return wide_shears(p, in, out, reps, copy_ms);
        if (std::string(wide) == "group") return wide_groups(p, in, out, reps, copy_ms);
        if (std::string(wide) == "order-floor") return wide_order_floor(p, in, out, reps, copy_ms);
        return wide_rows(p, in, out, reps, copy_ms);
    }
    shape_row<16, 4, true, 4>(p, in, out, reps, copy_ms);
    shape_row<16, 4, true, 2>(p, in, out, reps, copy_ms);
    shape_row<8, 4, true, 4>(p, in, out, reps, copy_ms);
    shape_row<8, 4, true, 2>(p, in, out, reps, copy_ms);
    shape_row<16, 2, true, 4>(p, in, out, reps, copy_ms);
    shape_row<8, 4, false, 4>(p, in, out, reps, copy_ms);
    shape_row<32, 1, false, 4>(p, in, out, reps, copy_ms);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    return scanscope::run_sweeps(argc, argv, "scanscope_tune_summed_area", scanscope::sweep);
}
