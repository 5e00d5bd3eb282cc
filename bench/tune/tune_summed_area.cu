// Sweeps the timed shapes of summed-area-lookback (tiles of one band or strips down the whole
// table, strip width 32 * vec, rows per warp, threads per block, descriptors a look-back reads
// at once) on the GPU, beside a device copy of the table in the same run: int32, +, square tables
// (2^10 x 2^10, 2^12 x 2^12, 2^14 x 2^14 for the default sizes 20, 24, 28).
// SummedAreaLookbackPolicy (kernels/scan/lookback_policies.h) comes from its output;
// bench/tuning.md records the runs.
//
//   [SCANSCOPE_TUNE_WIDE=1|shapes|order|waits|masks] scanscope_tune_summed_area
//       [--sizes 20,24,28] [--reps 30]
//   (SCANSCOPE_TUNE_WIDE=1: only the policy's wide tiles, which the app runs from 16384 wide;
//   shapes: wide tiles of other rows, widths and threads beside them; order, waits, masks: the
//   policy's wide tiles by block index or with their tile asked ahead, with pauses or other
//   look-back reads, and with their reads, waits or hand-downs masked: probes)
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

// What a ticket's round trip costs the wide tiles (SCANSCOPE_TUNE_WIDE=order, a probe): the
// policy's tiles by tickets (the app), by block index (CUB's order, GpuBlock's
// kTilesInBlockOrder), and by tickets with the tile the block's index would take asked of the L2
// while the ticket is on its way (nearly always the ticket's own tile or one a neighbour takes).
struct BlockOrderMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = true;
};
using WideTable = kernels::SummedAreaLookback<int, AddOp<int>, 16, 4, true, 4,
                                              kernels::SummedAreaLookbackPolicy::kWideWarpCols>;
struct GuessingTable : WideTable {
    template <class Block>
    __device__ void operator()(Block& b) const {
        const int guess =
            kernels::anti_diagonal_tile(int(blockIdx.x), strips(), tile_rows(b.threads()));
        const int warp_rows = b.warps() / kWarpCols;
        const int strip = guess % strips(), tile_row = guess / strips();
        const int first_row = tile_row * warp_rows * 16 + b.warp() / kWarpCols * 16;
        const int x = strip * kStripWidth + b.warp() % kWarpCols * kWarpWidth + b.lane() * 4;
        if (x < width)
            for (int r = 0; r < 16 && first_row + r < height; ++r)
                asm volatile("prefetch.global.L2 [%0];" ::"l"(
                    in + static_cast<long long>(first_row + r) * width + x));
        WideTable::operator()(b);
    }
    static constexpr int kWarpCols = kernels::SummedAreaLookbackPolicy::kWideWarpCols;
};

template <class Mode, class Table>
void wide_probe(const Problem& p, int* in, int* out, int reps, double copy_ms, const char* what) {
    constexpr int threads = 256;
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {  // kernels::summed_area_lookback, with the mode and kernel swapped
            const int width = p.request.width, height = p.n / width;
            Table table;
            table.in = in;
            table.out = out;
            table.width = width;
            table.height = height;
            LaunchShape shape{"probe", table.strips() * table.tile_rows(threads), threads,
                              Table::shared_bytes(threads)};
            const int words = table.row_descriptors() + table.column_words(threads);
            table.descriptors = kernels::alloc_descriptors<Table>(
                l, words, KernelShape::Timed, l.resident_blocks(shape, table), table.tile_counter);
            LaunchEnv env;
            env.shared_bytes = shape.shared_bytes;
            kernel_entry<Mode,
                         Table>()<<<shape.grid, shape.block, shape.shared_bytes, l.stream()>>>(
                table, env);
            SS_CUDA_CHECK_LAUNCH();
        },
        output_is(out, p.expected, what));
    std::printf("summed-area  wide 64 x 256  %-34s %9.4f ms  x copy %.3f\n", what, ms,
                ms / copy_ms);
}

// Waiting warps that pause before they look again (GpuBlock's kBackOffNs), a probe.
template <unsigned Ns>
struct PauseMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = Ns;
    static constexpr bool kTilesInBlockOrder = false;
};
template <int Ahead>
using WideAhead = kernels::SummedAreaLookback<int, AddOp<int>, 16, 4, true, Ahead,
                                              kernels::SummedAreaLookbackPolicy::kWideWarpCols>;

void wide_waits(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    for (int turn = 0; turn < 2; ++turn) {
        wide_probe<PlainMode, WideTable>(p, in, out, reps, copy_ms, "the app (no pause, 4 ahead)");
        wide_probe<PauseMode<20>, WideTable>(p, in, out, reps, copy_ms, "pause 20 ns");
        wide_probe<PauseMode<50>, WideTable>(p, in, out, reps, copy_ms, "pause 50 ns");
        wide_probe<PauseMode<100>, WideTable>(p, in, out, reps, copy_ms, "pause 100 ns");
        wide_probe<PauseMode<250>, WideTable>(p, in, out, reps, copy_ms, "pause 250 ns");
        wide_probe<PlainMode, WideAhead<1>>(p, in, out, reps, copy_ms, "1 descriptor a read");
        wide_probe<PlainMode, WideAhead<2>>(p, in, out, reps, copy_ms, "2 descriptors a read");
        wide_probe<PlainMode, WideAhead<8>>(p, in, out, reps, copy_ms, "8 descriptors a read");
    }
}

// Which wait the wide tiles pay for (SCANSCOPE_TUNE_WIDE=masks, a probe; results wrong by design):
// blocks whose look-backs along the rows take a descriptor not there yet for a prefix of 0, or
// whose column threads take the handed word whatever it holds, or both. The kernel is unchanged:
// GpuBlock's two reads are specialised for these modes.
}  // namespace

template <bool NoRowWait, bool NoColumnWait>
struct MaskMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
#define SCANSCOPE_MASKED_READS(ROW, COLUMN)                                                       \
    template <>                                                                                   \
    __device__ TileDescriptor GpuBlock<MaskMode<ROW, COLUMN>>::peek(TileDescriptors descriptors,  \
                                                                    int, int tile) {              \
        TileDescriptor d = unpack_descriptor(                                                     \
            *reinterpret_cast<const volatile DescriptorWord*>(descriptors.of(tile)));             \
        if (ROW && d.status == TileStatus::Invalid) d.status = TileStatus::Prefix;                \
        return d;                                                                                 \
    }                                                                                             \
    template <>                                                                                   \
    __device__ bool GpuBlock<MaskMode<ROW, COLUMN>>::take_handed(                                 \
        TileDescriptors descriptors, int, int word, std::uint32_t tag, std::uint32_t& value) {    \
        const bool there = unpack_tagged(                                                         \
            *reinterpret_cast<const volatile DescriptorWord*>(descriptors.of(word)), tag, value); \
        return COLUMN || there;                                                                   \
    }
SCANSCOPE_MASKED_READS(true, false)
SCANSCOPE_MASKED_READS(false, true)
SCANSCOPE_MASKED_READS(true, true)

// The same with no reads at all (a look-back's first descriptor a prefix of 0; a handed word
// taken as 0), and (Stores) the hand-down a plain store rather than an exchange.
template <bool NoRowRead, bool NoColumnRead, bool Stores = false>
struct SkipMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
#define SCANSCOPE_SKIPPED_READS(ROW, COLUMN, STORES)                                              \
    template <>                                                                                   \
    __device__ TileDescriptor GpuBlock<SkipMode<ROW, COLUMN, STORES>>::peek(                      \
        TileDescriptors descriptors, int, int tile) {                                             \
        if (ROW) return {TileStatus::Prefix, 0u};                                                 \
        return unpack_descriptor(                                                                 \
            *reinterpret_cast<const volatile DescriptorWord*>(descriptors.of(tile)));             \
    }                                                                                             \
    template <>                                                                                   \
    __device__ bool GpuBlock<SkipMode<ROW, COLUMN, STORES>>::take_handed(                         \
        TileDescriptors descriptors, int, int word, std::uint32_t tag, std::uint32_t& value) {    \
        if (COLUMN) {                                                                             \
            value = 0;                                                                            \
            return true;                                                                          \
        }                                                                                         \
        return unpack_tagged(                                                                     \
            *reinterpret_cast<const volatile DescriptorWord*>(descriptors.of(word)), tag, value); \
    }                                                                                             \
    template <>                                                                                   \
    __device__ void GpuBlock<SkipMode<ROW, COLUMN, STORES>>::hand_down(                           \
        TileDescriptors descriptors, int word, std::uint32_t tag, std::uint32_t value) {          \
        if (STORES)                                                                               \
            *reinterpret_cast<volatile DescriptorWord*>(descriptors.of(word)) =                   \
                pack_tagged(tag, value);                                                          \
        else                                                                                      \
            atomicExch(reinterpret_cast<DescriptorWord*>(descriptors.of(word)),                   \
                       pack_tagged(tag, value));                                                  \
    }
SCANSCOPE_SKIPPED_READS(true, false, false)
SCANSCOPE_SKIPPED_READS(false, true, false)
SCANSCOPE_SKIPPED_READS(true, true, false)
SCANSCOPE_SKIPPED_READS(false, true, true)
SCANSCOPE_SKIPPED_READS(true, true, true)

// Nothing read, published or handed down: the tiles' own work and barriers (and the ticket).
struct SilentMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
template <>
__device__ TileDescriptor GpuBlock<SilentMode>::peek(TileDescriptors, int, int) {
    return {TileStatus::Prefix, 0u};
}
template <>
__device__ bool GpuBlock<SilentMode>::take_handed(TileDescriptors, int, int, std::uint32_t,
                                                  std::uint32_t& value) {
    value = 0;
    return true;
}
template <>
__device__ void GpuBlock<SilentMode>::hand_down(TileDescriptors, int, std::uint32_t,
                                                std::uint32_t) {}
template <>
__device__ void GpuBlock<SilentMode>::publish(TileDescriptors, int, TileStatus, std::uint32_t) {}

namespace {

template <class Mode>
void wide_mask(const Problem& p, int* in, int* out, int reps, double copy_ms, const char* what) {
    constexpr int threads = 256;
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
    std::printf("summed-area  wide 64 x 256  %-34s %9.4f ms  x copy %.3f\n", what, ms,
                ms / copy_ms);
}

void wide_masks(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    for (int turn = 0; turn < 3; ++turn) {
        wide_probe<PlainMode, WideTable>(p, in, out, reps, copy_ms, "the app");
        wide_mask<MaskMode<true, false>>(p, in, out, reps, copy_ms, "no wait along the rows");
        wide_mask<MaskMode<false, true>>(p, in, out, reps, copy_ms, "no wait for the handed word");
        wide_mask<MaskMode<true, true>>(p, in, out, reps, copy_ms, "no waits");
        wide_mask<SkipMode<true, false>>(p, in, out, reps, copy_ms, "no reads along the rows");
        wide_mask<SkipMode<false, true>>(p, in, out, reps, copy_ms, "no handed word read");
        wide_mask<SkipMode<true, true>>(p, in, out, reps, copy_ms, "no reads");
        wide_mask<SkipMode<false, true, true>>(p, in, out, reps, copy_ms,
                                               "no handed word read, stores not exchanges");
        wide_mask<SkipMode<true, true, true>>(p, in, out, reps, copy_ms,
                                              "no reads, stores not exchanges");
        wide_mask<SilentMode>(p, in, out, reps, copy_ms, "nothing read, published or handed");
    }
}

void wide_order(const Problem& p, int* in, int* out, int reps, double copy_ms) {
    for (int turn = 0; turn < 3; ++turn) {
        wide_probe<PlainMode, WideTable>(p, in, out, reps, copy_ms, "tickets (the app)");
        wide_probe<BlockOrderMode, WideTable>(p, in, out, reps, copy_ms, "block index");
        wide_probe<PlainMode, GuessingTable>(p, in, out, reps, copy_ms,
                                             "tickets, the block's tile asked ahead");
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
        if (std::string(wide) == "order") return wide_order(p, in, out, reps, copy_ms);
        if (std::string(wide) == "waits") return wide_waits(p, in, out, reps, copy_ms);
        if (std::string(wide) == "masks") return wide_masks(p, in, out, reps, copy_ms);
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
