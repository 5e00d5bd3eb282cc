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
#include "spread.h"
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
    // SCANSCOPE_TUNE_LOG_WIDTH: a table of that width and the same n, not square.
    const char* log_width = std::getenv("SCANSCOPE_TUNE_LOG_WIDTH");
    const int n = 1 << log_n, width = 1 << (log_width ? std::atoi(log_width) : log_n / 2),
              height = n / width;
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

template <>
__device__ int GpuBlock<WideTimelineMode>::take_tile(int* counter, int first) {
    const int tile = first + atomicAdd(counter, 1);
    g_wide_moments[tile].taken = now();
    g_wide_moments[tile].sm = sm();
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
        if (m.steps < 5) m.at[m.steps] = now();
        ++m.steps;
    }
}

namespace {

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
        EventTimer timer;
        timer.start(l.stream());
        kernel_entry<WideTimelineMode,
                     Table>()<<<shape.grid, shape.block, shape.shared_bytes, l.stream()>>>(table,
                                                                                           env);
        SS_CUDA_CHECK_LAUNCH();
        const double ms = timer.stop(l.stream());
        std::printf("timeline run %d: %.4f ms, x copy %.3f (one launch, events)\n", run, ms,
                    ms / copy_ms);
    }
    output_is(out, p.expected, "timeline")(l);
    std::vector<WideMoments> m(static_cast<std::size_t>(tiles));
    l.download(m.data(), moments, m.size());
    long long t0 = m[0].taken;
    for (const auto& x : m)
        t0 = std::min(t0, x.taken);
    const std::vector<int> tile_of = kernels::anti_diagonal_order(across, down);
    std::vector<int> ticket_of(tile_of.size());
    for (int t = 0; t < tiles; ++t)
        ticket_of[std::size_t(tile_of[std::size_t(t)])] = t;
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
        const int tile = tile_of[std::size_t(t)];
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
    print_spread("ticket to the tile known (barrier 0)", known, 58, 2, "us");
    print_spread("loads and row scans (barrier 0 to 1)", loaded, 58, 2, "us");
    print_spread("look-back along the rows (1 to 2)", rows, 58, 2, "us");
    print_spread("rows' left parts (2 to 3)", lefts, 58, 2, "us");
    print_spread("columns taken and handed on (3 to 4)", columns, 58, 2, "us");
    print_spread("left tile's barrier 2 after this tile's barrier 1", left_late, 58, 2, "us");
    print_spread("tile above's barrier 4 after this tile's barrier 3", above_late, 58, 2, "us");
    print_spread("tickets from the left tile's", between, 58, 0, "tickets");
    long long end = t0;
    for (const auto& x : m)
        end = std::max(end, x.at[4]);
    std::printf("  first ticket to the last barrier 4: %.1f us\n", us(t0, end));
    // The wavefront's fill and drain: tickets taken and tiles handed on in each 20 us, and how
    // long the tiles of those tickets spent in their two looks (barriers 1 to 2 and 3 to 4).
    constexpr long long kWindowNs = 20000;
    const int windows = int((end - t0) / kWindowNs) + 1;
    std::vector<int> taken(std::size_t(windows), 0), handed(std::size_t(windows), 0),
        first(std::size_t(windows), tiles), last(std::size_t(windows), -1);
    std::vector<double> looks(std::size_t(windows), 0.0);
    for (int t = 0; t < tiles; ++t) {
        const WideMoments& x = m[std::size_t(t)];
        const auto w = std::size_t((x.taken - t0) / kWindowNs);
        ++taken[w];
        first[w] = std::min(first[w], t);
        last[w] = std::max(last[w], t);
        looks[w] += us(x.at[1], x.at[2]) + us(x.at[3], x.at[4]);
        ++handed[std::size_t((x.at[4] - t0) / kWindowNs)];
    }
    std::printf("  from (us)  tickets  handed on  tickets' looks (us)  tickets\n");
    for (int w = 0; w < windows; ++w)
        std::printf("  %8d  %7d  %9d  %19.2f  %d..%d\n", int(w * kWindowNs / 1000),
                    taken[std::size_t(w)], handed[std::size_t(w)],
                    taken[std::size_t(w)] ? looks[std::size_t(w)] / taken[std::size_t(w)] : 0.0,
                    first[std::size_t(w)], last[std::size_t(w)]);
}

// The floor of runs (SCANSCOPE_TUNE_WIDE=runs-floor, a probe; results wrong by design): the app's
// wide tiles with nothing read, published or handed down, taken in runs of Run tiles side by side
// on consecutive tickets, the runs by anti-diagonals (Run 1: the app's order; Run 64 at 16384
// wide: row after row). take_tile hands the kernel the anti-diagonal ticket of the tile the real
// ticket names, so that the kernel's anti_diagonal_tile finds it: the same arithmetic a tile.
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

__host__ __device__ inline int run_tile(int ticket, int run, int across, int down) {
    const int runs_across = across / run;
    const int r = kernels::anti_diagonal_tile(ticket / run, runs_across, down);
    return (r / runs_across) * across + (r % runs_across) * run + ticket % run;
}

template <int Run>
struct RunFloorMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
__device__ int g_floor_across, g_floor_down;
#define SCANSCOPE_RUN_FLOOR_MODE(RUN)                                                           \
    template <>                                                                                 \
    __device__ int GpuBlock<RunFloorMode<RUN>>::take_tile(int* counter, int first) {            \
        const int ticket = first + atomicAdd(counter, 1);                                       \
        return anti_diagonal_ticket(run_tile(ticket, RUN, g_floor_across, g_floor_down),        \
                                    g_floor_across, g_floor_down);                              \
    }                                                                                           \
    template <>                                                                                 \
    __device__ TileDescriptor GpuBlock<RunFloorMode<RUN>>::peek(TileDescriptors, int, int) {    \
        return {TileStatus::Prefix, 0u};                                                        \
    }                                                                                           \
    template <>                                                                                 \
    __device__ bool GpuBlock<RunFloorMode<RUN>>::take_handed(TileDescriptors, int, int,         \
                                                             std::uint32_t, std::uint32_t& v) { \
        v = 0;                                                                                  \
        return true;                                                                            \
    }                                                                                           \
    template <>                                                                                 \
    __device__ void GpuBlock<RunFloorMode<RUN>>::hand_down(TileDescriptors, int, std::uint32_t, \
                                                           std::uint32_t) {}                    \
    template <>                                                                                 \
    __device__ void GpuBlock<RunFloorMode<RUN>>::publish(TileDescriptors, int, TileStatus,      \
                                                         std::uint32_t) {}
SCANSCOPE_RUN_FLOOR_MODE(1)
SCANSCOPE_RUN_FLOOR_MODE(2)
SCANSCOPE_RUN_FLOOR_MODE(4)
SCANSCOPE_RUN_FLOOR_MODE(8)
SCANSCOPE_RUN_FLOOR_MODE(16)
SCANSCOPE_RUN_FLOOR_MODE(64)

// The same runs with everything read, published and handed down as the app does
// (SCANSCOPE_TUNE_WIDE=runs, a probe, results checked): only the order differs from the app's.
template <int Run>
struct RunMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
#define SCANSCOPE_RUN_MODE(RUN)                                                          \
    template <>                                                                          \
    __device__ int GpuBlock<RunMode<RUN>>::take_tile(int* counter, int first) {          \
        const int ticket = first + atomicAdd(counter, 1);                                \
        return anti_diagonal_ticket(run_tile(ticket, RUN, g_floor_across, g_floor_down), \
                                    g_floor_across, g_floor_down);                       \
    }
SCANSCOPE_RUN_MODE(1)
SCANSCOPE_RUN_MODE(2)
SCANSCOPE_RUN_MODE(4)
SCANSCOPE_RUN_MODE(8)

namespace {

template <int Run, bool Floor = true>
void run_floor(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    constexpr int threads = 256;
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
            kernel_entry<std::conditional_t<Floor, RunFloorMode<Run>, RunMode<Run>>,
                         WideTable>()<<<shape.grid, shape.block, shape.shared_bytes, l.stream()>>>(
                table, env);
            SS_CUDA_CHECK_LAUNCH();
        },
        Floor ? std::function<void(GpuLauncher&)>() : output_is(out, p.expected, "runs"));
    std::printf("summed-area  wide 64 x 256  %-36s runs of %2d  %9.4f ms  x copy %.3f\n",
                Floor ? "nothing read, published or handed," : "all read, published, handed,", Run,
                ms, ms / copy_ms);
}

void wide_runs_floor(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    WideTable probe_table{in, out, p.request.width, p.n / p.request.width, {}, nullptr};
    const int across = probe_table.strips(), down = probe_table.tile_rows(256);
    // The orders checked on the host first: the inverse against the listed order, and each
    // run order a permutation.
    const std::vector<int> order = kernels::anti_diagonal_order(across, down);
    for (int t = 0; t < int(order.size()); ++t)
        if (anti_diagonal_ticket(order[std::size_t(t)], across, down) != t) {
            std::printf("anti_diagonal_ticket wrong at ticket %d\n", t);
            std::exit(1);
        }
    for (int run : {1, 2, 4, 8, 16, 64}) {
        std::vector<int> seen(order.size(), 0);
        for (int t = 0; t < int(order.size()); ++t)
            ++seen[std::size_t(run_tile(t, run, across, down))];
        if (std::count(seen.begin(), seen.end(), 1) != int(seen.size()) ||
            run_tile(0, run, across, down) != 0 ||
            (run == 1 && run_tile(5, 1, across, down) != order[5])) {
            std::printf("runs of %d: not a permutation\n", run);
            std::exit(1);
        }
    }
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_across, &across, sizeof(int)));
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_down, &down, sizeof(int)));
    if (std::getenv("SCANSCOPE_TUNE_RUNS_LOOK")) {
        for (int turn = 0; turn < 3; ++turn) {
            wide_shape<16, 2>(p, in, out, reps, copy_ms, 256);  // the app
            run_floor<1, false>(p, in, out, reps, copy_ms);
            run_floor<2, false>(p, in, out, reps, copy_ms);
            run_floor<4, false>(p, in, out, reps, copy_ms);
            run_floor<8, false>(p, in, out, reps, copy_ms);
        }
        return;
    }
    for (int turn = 0; turn < 2; ++turn) {
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 256);  // the app
        run_floor<1>(p, in, out, reps, copy_ms);
        run_floor<2>(p, in, out, reps, copy_ms);
        run_floor<4>(p, in, out, reps, copy_ms);
        run_floor<8>(p, in, out, reps, copy_ms);
        run_floor<16>(p, in, out, reps, copy_ms);
        run_floor<64>(p, in, out, reps, copy_ms);
    }
}

// Tiles held in shared memory (SCANSCOPE_TUNE_WIDE=smem-floor, a probe): 64 x 256 tiles copied in
// by cp.async, so that a block needs few registers and three fit an SM (the app holds its tile in
// registers, two blocks an SM). Nothing read, published or handed down: each tile's own summed-
// area table is written (checked), by anti-diagonals or row after row. A warp 8 rows, a lane 8
// columns; pass 1 adds each column down the warp's rows, pass 2 stores the table's entries.
// A lane's 8 columns of a 256-wide row: 4 at lane * 4 and 4 at 128 + lane * 4, so that each of a
// warp's 16-byte accesses covers 512 bytes end to end.
__device__ inline int column_of(int lane, int k) {
    return (k < 4 ? 0 : 128) + lane * 4 + k % 4;
}

// The row's inclusive scan at the lane's 8 columns.
__device__ inline void scan_row(const int* row, int lane, int (&v)[8]) {
    const int4 a = *reinterpret_cast<const int4*>(row + lane * 4);
    const int4 b = *reinterpret_cast<const int4*>(row + 128 + lane * 4);
    v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w, v[4] = b.x, v[5] = b.y, v[6] = b.z, v[7] = b.w;
    for (int k = 1; k < 4; ++k)
        v[k] += v[k - 1], v[k + 4] += v[k + 3];
    int left = v[3], right = v[7];
    for (int d = 1; d < 32; d *= 2) {
        const int got_left = __shfl_up_sync(0xffffffffu, left, d);
        const int got_right = __shfl_up_sync(0xffffffffu, right, d);
        if (lane >= d) left += got_left, right += got_right;
    }
    const int half = __shfl_sync(0xffffffffu, left, 31);
    left -= v[3];
    right += half - v[7];
    for (int k = 0; k < 4; ++k)
        v[k] += left, v[k + 4] += right;
}

template <int PerSm, bool RowAfterRow>
__global__ void __launch_bounds__(256, PerSm)
    smem_tile_floor(const int* in, int* out, int width, int across, int down, int* counter) {
    extern __shared__ int4 tile4[];  // 64 rows of 64 int4, then 8 warps x 256 column sums
    int* tile = reinterpret_cast<int*>(tile4);
    int* column_sums = tile + 64 * 256;
    __shared__ int ticket;
    if (threadIdx.x == 0) ticket = atomicAdd(counter, 1);
    __syncthreads();
    const int t = ticket;
    const int id = RowAfterRow ? t : kernels::anti_diagonal_tile(t, across, down);
    const int x0 = (id % across) * 256, y0 = (id / across) * 64;
    for (int i = 0; i < 16; ++i) {
        const int chunk = i * 256 + int(threadIdx.x), row = chunk / 64, c4 = chunk % 64;
        const int4* from =
            reinterpret_cast<const int4*>(in + std::size_t(y0 + row) * width + x0) + c4;
        const unsigned to = unsigned(__cvta_generic_to_shared(tile4 + chunk));
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(to), "l"(from));
    }
    asm volatile("cp.async.commit_group;\n cp.async.wait_all;" ::: "memory");
    __syncthreads();
    const int warp = int(threadIdx.x) / 32, lane = int(threadIdx.x) % 32;
    // Pass 1: each row scanned across the warp; the lane's 8 columns added down its rows.
    int down_sum[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int r = 0; r < 8; ++r) {
        int v[8];
        scan_row(tile + (warp * 8 + r) * 256, lane, v);
        for (int k = 0; k < 8; ++k)
            down_sum[k] += v[k];
    }
    for (int k = 0; k < 8; ++k)
        column_sums[warp * 256 + column_of(lane, k)] = down_sum[k];
    __syncthreads();
    // Pass 2: each column's entry above the warp's rows, then the rows again, stored.
    int above[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int w = 0; w < warp; ++w)
        for (int k = 0; k < 8; ++k)
            above[k] += column_sums[w * 256 + column_of(lane, k)];
    for (int r = 0; r < 8; ++r) {
        int v[8];
        scan_row(tile + (warp * 8 + r) * 256, lane, v);
        for (int k = 0; k < 8; ++k)
            above[k] += v[k];
        int* to = out + std::size_t(y0 + warp * 8 + r) * width + x0 + lane * 4;
        *reinterpret_cast<int4*>(to) = make_int4(above[0], above[1], above[2], above[3]);
        *reinterpret_cast<int4*>(to + 128) = make_int4(above[4], above[5], above[6], above[7]);
    }
}

template <int PerSm, bool RowAfterRow>
void smem_floor(const Problem& p, int* in, int* out, int reps, double copy_ms,
                const std::vector<int>& local) {
    const int width = p.request.width, height = p.n / width;
    const int across = width / 256, down = height / 64;
    const int shared = (64 * 256 + 8 * 256) * 4;
    auto kernel = smem_tile_floor<PerSm, RowAfterRow>;
    SS_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
    int per_sm = 0;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, 256, shared));
    cudaFuncAttributes a;
    SS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            int* counter = l.alloc<int>(1);
            SS_CUDA_CHECK(cudaMemsetAsync(counter, 0, sizeof(int), l.stream()));
            kernel<<<across * down, 256, shared, l.stream()>>>(in, out, width, across, down,
                                                               counter);
            SS_CUDA_CHECK_LAUNCH();
        },
        output_is(out, local, "smem floor"));
    std::printf(
        "summed-area  smem tiles 64 x 256, nothing read  %-14s  regs %3d  local %3zu B  "
        "%d an SM  %9.4f ms  x copy %.3f\n",
        RowAfterRow ? "row after row" : "anti-diagonals", a.numRegs, a.localSizeBytes, per_sm, ms,
        ms / copy_ms);
}

void wide_smem_floor(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    // Each 64 x 256 tile's own summed-area table, on the host.
    const int width = p.request.width, height = p.n / width;
    std::vector<int> local(p.host.size());
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::size_t k = std::size_t(y) * std::size_t(width) + std::size_t(x);
            std::uint32_t v = std::uint32_t(p.host[k]);
            if (x % 256) v += std::uint32_t(local[k - 1]);
            if (y % 64) v += std::uint32_t(local[k - std::size_t(width)]);
            if (x % 256 && y % 64) v -= std::uint32_t(local[k - std::size_t(width) - 1]);
            local[k] = int(v);
        }
    const int across = width / 256, down = height / 64;
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_across, &across, sizeof(int)));
    SS_CUDA_CHECK(cudaMemcpyToSymbol(g_floor_down, &down, sizeof(int)));
    for (int turn = 0; turn < 2; ++turn) {
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 256);  // the app
        run_floor<1>(p, in, out, reps, copy_ms);            // the app's floor
        smem_floor<2, false>(p, in, out, reps, copy_ms, local);
        smem_floor<3, false>(p, in, out, reps, copy_ms, local);
        smem_floor<3, true>(p, in, out, reps, copy_ms, local);
    }
}

// Row after row, each row's left part a sum of every aggregate to its left (SCANSCOPE_TUNE_WIDE=
// row-reduce, a probe, checked): the order the DRAM likes, with no chain along the rows. A tile
// (64 x 256, in shared memory as smem_tile_floor's) publishes its 64 rows' totals, tagged with
// the launch's number, and adds up the totals of every tile to its left in its row (a thread a row
// and a quarter of the tiles, all asked for at once), while each thread also asks for its
// column's word from the tile above (a ring of two words a column, exchanged in the L2 as the
// app's). Its last row goes down before its rows are stored.
struct RowReduceArgs {
    const int* in;
    int* out;
    int width, across, down;
    int* counter;
    unsigned long long* row_totals;  // a word a row of the table and a tile of it
    unsigned long long* ring;        // two words a column
    unsigned epoch;                  // the launch's number, from 1
};

__device__ inline unsigned long long peek_word(const unsigned long long* at) {
    return *reinterpret_cast<const volatile unsigned long long*>(at);
}
__device__ inline unsigned long long tagged(unsigned tag, int value) {
    return (static_cast<unsigned long long>(tag) << 32) | static_cast<unsigned>(value);
}

// Mask bit 1: the column's word not waited for (taken as 0); bit 2: the rows' totals not; results
// then wrong by design. SleepNs: a pause before each look again.
template <int PerSm, int Mask, unsigned SleepNs>
__global__ void __launch_bounds__(256, PerSm) row_reduce_sat(RowReduceArgs a) {
    extern __shared__ int4 tile4[];
    int* tile = reinterpret_cast<int*>(tile4);
    int* column_sums = tile + 64 * 256;  // 8 warps x 256 columns
    __shared__ int ticket, row_total[64], parts[4][64], row_left[64], warp_left[8], above[256];
    if (threadIdx.x == 0) ticket = atomicAdd(a.counter, 1);
    __syncthreads();
    const int c = ticket % a.across, tile_row = ticket / a.across;
    const int x0 = c * 256, y0 = tile_row * 64;
    for (int i = 0; i < 16; ++i) {
        const int chunk = i * 256 + int(threadIdx.x), row = chunk / 64, c4 = chunk % 64;
        const int4* from =
            reinterpret_cast<const int4*>(a.in + std::size_t(y0 + row) * a.width + x0) + c4;
        const unsigned to = unsigned(__cvta_generic_to_shared(tile4 + chunk));
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(to), "l"(from));
    }
    asm volatile("cp.async.commit_group;\n cp.async.wait_all;" ::: "memory");
    __syncthreads();
    const int warp = int(threadIdx.x) / 32, lane = int(threadIdx.x) % 32;
    int down_sum[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int r = 0; r < 8; ++r) {
        int v[8];
        scan_row(tile + (warp * 8 + r) * 256, lane, v);
        for (int k = 0; k < 8; ++k)
            down_sum[k] += v[k];
        if (lane == 31) row_total[warp * 8 + r] = v[7];
    }
    for (int k = 0; k < 8; ++k)
        column_sums[warp * 256 + column_of(lane, k)] = down_sum[k];
    __syncthreads();
    if (threadIdx.x < 64 && c + 1 < a.across)
        *reinterpret_cast<volatile unsigned long long*>(
            a.row_totals + std::size_t(y0 + int(threadIdx.x)) * a.across + c) =
            tagged(a.epoch, row_total[threadIdx.x]);
    // Every tile to the left (a thread a row and every fourth tile), and the column's word.
    const int row = int(threadIdx.x) % 64, part = int(threadIdx.x) / 64, x = int(threadIdx.x);
    const unsigned long long* totals = a.row_totals + std::size_t(y0 + row) * a.across;
    unsigned pending = 0;
    for (int j = 0; j < 16; ++j)
        if (c - 1 - part - 4 * j >= 0 && !(Mask & 2)) pending |= 1u << j;
    bool column_pending = tile_row > 0 && !(Mask & 1);
    bool first_look = true;
    const unsigned long long* word = a.ring + std::size_t(tile_row & 1) * a.width + x0 + x;
    const unsigned want = (a.epoch << 16) | unsigned(tile_row);
    int sum = 0, from_above = 0;
    while (pending || column_pending) {
        if (SleepNs && !first_look) __nanosleep(SleepNs);
        first_look = false;
        unsigned long long got[16], column_word = 0;
#pragma unroll
        for (int j = 0; j < 16; ++j)
            if (pending >> j & 1u) got[j] = peek_word(totals + (c - 1 - part - 4 * j));
        if (column_pending) column_word = peek_word(word);
#pragma unroll
        for (int j = 0; j < 16; ++j)
            if ((pending >> j & 1u) && unsigned(got[j] >> 32) == a.epoch) {
                sum += int(unsigned(got[j]));
                pending &= ~(1u << j);
            }
        if (column_pending && unsigned(column_word >> 32) == want) {
            from_above = int(unsigned(column_word));
            column_pending = false;
        }
    }
    parts[part][row] = sum;
    above[x] = from_above;
    __syncthreads();
    if (threadIdx.x < 64) {
        const int t = int(threadIdx.x);
        row_left[t] = parts[0][t] + parts[1][t] + parts[2][t] + parts[3][t];
    } else if (threadIdx.x < 72) {
        const int w = int(threadIdx.x) - 64;
        int s = 0;
        for (int r = 0; r < 8; ++r)
            s += parts[0][w * 8 + r] + parts[1][w * 8 + r] + parts[2][w * 8 + r] +
                 parts[3][w * 8 + r];
        warp_left[w] = s;
    }
    __syncthreads();
    // The tile's last row down to the tile below, then every row stored.
    if (tile_row + 1 < a.down) {
        int bottom = above[x];
        for (int w = 0; w < 8; ++w)
            bottom += column_sums[w * 256 + x] + warp_left[w];
        atomicExch(a.ring + std::size_t((tile_row + 1) & 1) * a.width + x0 + x,
                   tagged((a.epoch << 16) | unsigned(tile_row + 1), bottom));
    }
    int acc[8];
    for (int k = 0; k < 8; ++k) {
        const int col = column_of(lane, k);
        acc[k] = above[col];
        for (int w = 0; w < warp; ++w)
            acc[k] += column_sums[w * 256 + col] + warp_left[w];
    }
    for (int r = 0; r < 8; ++r) {
        int v[8];
        scan_row(tile + (warp * 8 + r) * 256, lane, v);
        const int left = row_left[warp * 8 + r];
        for (int k = 0; k < 8; ++k)
            acc[k] += v[k] + left;
        int* to = a.out + std::size_t(y0 + warp * 8 + r) * a.width + x0 + lane * 4;
        *reinterpret_cast<int4*>(to) = make_int4(acc[0], acc[1], acc[2], acc[3]);
        *reinterpret_cast<int4*>(to + 128) = make_int4(acc[4], acc[5], acc[6], acc[7]);
    }
}

template <int PerSm, int Mask = 0, unsigned SleepNs = 0>
void row_reduce(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    const int width = p.request.width, height = p.n / width;
    RowReduceArgs a{in, out, width, width / 256, height / 64, nullptr, nullptr, nullptr, 0};
    if (a.across > 64 || width % 256 || height % 64) return;  // a thread a row reads 16 tiles
    SS_CUDA_CHECK(cudaMalloc(&a.row_totals, std::size_t(height) * a.across * 8));
    SS_CUDA_CHECK(cudaMalloc(&a.ring, std::size_t(2) * width * 8));
    SS_CUDA_CHECK(cudaMemset(a.row_totals, 0, std::size_t(height) * a.across * 8));
    SS_CUDA_CHECK(cudaMemset(a.ring, 0, std::size_t(2) * width * 8));
    const int shared = (64 * 256 + 8 * 256) * 4;
    auto kernel = row_reduce_sat<PerSm, Mask, SleepNs>;
    SS_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
    int per_sm = 0;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, 256, shared));
    cudaFuncAttributes attributes;
    SS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
    static unsigned epoch = 0;
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            RowReduceArgs launch = a;
            launch.counter = l.alloc<int>(1);
            launch.epoch = ++epoch;
            SS_CUDA_CHECK(cudaMemsetAsync(launch.counter, 0, sizeof(int), l.stream()));
            kernel<<<a.across * a.down, 256, shared, l.stream()>>>(launch);
            SS_CUDA_CHECK_LAUNCH();
        },
        Mask ? std::function<void(GpuLauncher&)>() : output_is(out, p.expected, "row reduce"));
    std::printf(
        "summed-area  smem tiles 64 x 256, row after row, rows summed whole, mask %d, "
        "pause %3u ns  regs %3d  local %3zu B  %d an SM  %9.4f ms  x copy %.3f\n",
        Mask, SleepNs, attributes.numRegs, attributes.localSizeBytes, per_sm, ms, ms / copy_ms);
    SS_CUDA_CHECK(cudaFree(a.row_totals));
    SS_CUDA_CHECK(cudaFree(a.ring));
}

void wide_row_reduce(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    for (int turn = 0; turn < 2; ++turn) {
        wide_shape<16, 2>(p, in, out, reps, copy_ms, 256);  // the app
        row_reduce<3>(p, in, out, reps, copy_ms);
        row_reduce<3, 0, 200>(p, in, out, reps, copy_ms);
        row_reduce<3, 0, 1000>(p, in, out, reps, copy_ms);
        row_reduce<3, 1>(p, in, out, reps, copy_ms);
        row_reduce<3, 2>(p, in, out, reps, copy_ms);
        row_reduce<3, 3>(p, in, out, reps, copy_ms);
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
        if (std::string(wide) == "runs-floor") return wide_runs_floor(p, in, out, reps, copy_ms);
        if (std::string(wide) == "smem-floor") return wide_smem_floor(p, in, out, reps, copy_ms);
        if (std::string(wide) == "row-reduce") return wide_row_reduce(p, in, out, reps, copy_ms);
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
