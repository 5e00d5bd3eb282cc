// Sweeps the timed shapes of summed-area-lookback (tiles of one band or strips down the whole
// table, strip width 32 * vec, rows per warp, threads per block, descriptors a look-back reads
// at once) on the GPU, beside a device copy of the table in the same run: int32, +, square tables
// (2^10 x 2^10, 2^12 x 2^12, 2^14 x 2^14 for the default sizes 20, 24, 28).
// SummedAreaLookbackPolicy (kernels/scan/lookback_policies.h) comes from its output;
// bench/tuning.md records the runs.
//
//   [SCANSCOPE_TUNE_WIDE=1|shapes|timeline] [SCANSCOPE_TUNE_LOG_WIDTH=k]
//       scanscope_tune_summed_area [--sizes 20,24,28] [--reps 30]
//   (SCANSCOPE_TUNE_WIDE=1: only the policy's wide tiles, which the app runs from 16384 wide, first
//   checked on repeated launches of two inputs (repeats_hold, for probes of it too);
//   shapes: wide tiles of other rows, widths and threads beside them; timeline: where a wide
//   tile's time goes, between its ticket and its barriers, and the wavefront's fill and drain;
//   SCANSCOPE_TUNE_LOG_WIDTH: tables 2^k wide, not square)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
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
    // SCANSCOPE_TUNE_LOG_WIDTH: a table 2^that wide and as many entries, not square.
    const char* log_width = std::getenv("SCANSCOPE_TUNE_LOG_WIDTH");
    const int log_w = log_width ? std::atoi(log_width) : log_n / 2;
    if (log_w < 0 || log_w > log_n) {
        std::fprintf(stderr, "SCANSCOPE_TUNE_LOG_WIDTH %s: not between 0 and %d\n", log_width,
                     log_n);
        std::exit(2);
    }
    const int n = 1 << log_n, width = 1 << log_w, height = n / width;
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

// Launches on one launcher, as a timing loop makes them, by the inputs A A B B A B (B is A
// negated, whose table is A's negated, as 32-bit words wrap), each output checked: a descriptor
// that a kernel (or a probe's copy of it) forgets to ready for the next launch keeps the value of
// two launches before (a timing loop's descriptor sets go by turns), and the third launch then
// writes a wrong table, where a repeat of one input would not show it. Exits 1 on a wrong one.
void repeats_hold(const Problem& p, const int* in, int* out,
                  const std::function<void(GpuLauncher&, const int*)>& driver,
                  const std::string& what) {
    std::vector<int> negated_host(p.host.size()), negated_expected(p.expected.size());
    for (std::size_t i = 0; i < p.host.size(); ++i) {
        negated_host[i] = int(0u - std::uint32_t(p.host[i]));
        negated_expected[i] = int(0u - std::uint32_t(p.expected[i]));
    }
    GpuLauncher data;
    int* negated = data.alloc<int>(negated_host.size());
    data.upload(negated, negated_host.data(), negated_host.size());
    data.synchronize();
    GpuLauncher launcher;
    repeat_on_same_buffers(launcher);
    int launch = 0;
    for (bool b : {false, false, true, true, false, true}) {
        if (launch++ > 0) launcher.rewind();
        driver(launcher, b ? negated : in);
        launcher.synchronize();
        output_is(out, b ? negated_expected : p.expected,
                  what + " (launch " + std::to_string(launch) + " of the repeats)")(launcher);
    }
}

// The policy's wide tiles (16 rows of 4 a warp, kWideWarpCols warps side by side, 256 threads):
// checked on repeats, then timed three times.
void wide_rows(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    repeats_hold(
        p, in, out,
        [&](GpuLauncher& l, const int* source) {
            kernels::summed_area_lookback<GpuLauncher, int, AddOp<int>, 16, 4, true, 4,
                                          kernels::SummedAreaLookbackPolicy::kWideWarpCols>(
                l, p.request, source, out, 256);
        },
        "the policy's wide tiles");
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
// Then the same with nothing read, published or handed down: the floor's own fill and drain.
}  // namespace

struct WideMoments {
    long long taken, at[5];
    int sm, steps;
};
__device__ WideMoments* g_wide_moments;
__shared__ int g_wide_ticket;

// Floor: the same tiles with nothing read, published or handed down (a look finds a prefix of 0,
// a handed word 0; results wrong by design), so that the chain's part of the fill and drain shows.
template <bool Floor>
struct WideTimelineMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};

#define SCANSCOPE_WIDE_TIMELINE_MODE(FLOOR)                                                \
    template <>                                                                            \
    __device__ int GpuBlock<WideTimelineMode<FLOOR>>::take_tile(int* counter, int first) { \
        const int tile = first + atomicAdd(counter, 1);                                    \
        g_wide_moments[tile].taken = now();                                                \
        g_wide_moments[tile].sm = sm();                                                    \
        g_wide_moments[tile].steps = 0;                                                    \
        g_wide_ticket = tile;                                                              \
        return tile;                                                                       \
    }                                                                                      \
    template <>                                                                            \
    template <>                                                                            \
    __device__ void GpuBlock<WideTimelineMode<FLOOR>>::sync<int>(std::uint16_t, int) {     \
        __syncthreads();                                                                   \
        if (threadIdx.x == 0) {                                                            \
            WideMoments& m = g_wide_moments[g_wide_ticket];                                \
            if (m.steps < 5) m.at[m.steps] = now();                                        \
            ++m.steps;                                                                     \
        }                                                                                  \
    }
SCANSCOPE_WIDE_TIMELINE_MODE(false)
SCANSCOPE_WIDE_TIMELINE_MODE(true)

template <>
__device__ TileDescriptor GpuBlock<WideTimelineMode<true>>::peek(TileDescriptors, int, int) {
    return {TileStatus::Prefix, 0u};
}
template <>
__device__ bool GpuBlock<WideTimelineMode<true>>::take_handed(TileDescriptors, int, int,
                                                              std::uint32_t, std::uint32_t& value) {
    value = 0;
    return true;
}
template <>
__device__ void GpuBlock<WideTimelineMode<true>>::hand_down(TileDescriptors, int, std::uint32_t,
                                                            std::uint32_t) {}
template <>
__device__ void GpuBlock<WideTimelineMode<true>>::publish(TileDescriptors, int, TileStatus,
                                                          std::uint32_t) {}

namespace {

template <bool Floor>
void wide_timeline(const Problem& p, int* in, int* out, double copy_ms) {
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
        kernel_entry<WideTimelineMode<Floor>,
                     Table>()<<<shape.grid, shape.block, shape.shared_bytes, l.stream()>>>(table,
                                                                                           env);
        SS_CUDA_CHECK_LAUNCH();
        const double ms = timer.stop(l.stream());
        std::printf("timeline run %d: %.4f ms, x copy %.3f (one launch, events)\n", run, ms,
                    ms / copy_ms);
    }
    if (!Floor) output_is(out, p.expected, "timeline")(l);
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
    std::printf("wide tiles 64 x 256%s, %d tiles (%d x %d), the last launch of four:\n",
                Floor ? " with nothing read, published or handed down" : "", tiles, across, down);
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
    for (int w = 0; w < windows; ++w) {
        const std::size_t k = std::size_t(w);
        if (taken[k] == 0) {
            std::printf("  %8d  %7d  %9d  %19s  -\n", int(w * kWindowNs / 1000), 0, handed[k], "-");
            continue;
        }
        std::printf("  %8d  %7d  %9d  %19.2f  %d..%d\n", int(w * kWindowNs / 1000), taken[k],
                    handed[k], looks[k] / taken[k], first[k], last[k]);
    }
    // The steady rate: the windows after the first and before the last two.
    if (windows > 4) {
        long long steady = 0;
        for (int w = 1; w < windows - 2; ++w)
            steady += handed[std::size_t(w)];
        const double per_us = double(steady) / (double(windows - 3) * kWindowNs / 1000.0);
        const double span = us(t0, end), at_rate = tiles / per_us;
        std::printf(
            "  steady: %.2f tiles a us (from %d us to %d us); %d tiles at that rate %.1f us, "
            "the fill and drain %.1f us more (%.3f x the copy)\n",
            per_us, int(kWindowNs / 1000), int((windows - 2) * kWindowNs / 1000), tiles, at_rate,
            span - at_rate, (span - at_rate) / 1000.0 / copy_ms);
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
        if (std::string(wide) == "timeline") {
            wide_timeline<false>(p, in, out, copy_ms);
            return wide_timeline<true>(p, in, out, copy_ms);
        }
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
