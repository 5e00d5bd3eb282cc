// Each variant's launches, written once for both launchers (GpuLauncher, EmuLauncher): a
// launcher has alloc<T>() (zeroed when new), repeat() (how often the run was repeated on the same
// buffers), launch(shape, kernel, globals).
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/int_math.h"
#include "core/launch_shape.h"
#include "core/tile_descriptor.h"
#include "reduce/interleaved.h"
#include "reduce/sequential.h"
#include "reduce/unrolled_warp.h"
#include "reduce/warp_shuffle.h"
#include "scan/add_block_prefixes.h"
#include "scan/blelloch.h"
#include "scan/compact.h"
#include "scan/compact_lookback.h"
#include "scan/decoupled_lookback.h"
#include "scan/hillis_steele.h"
#include "scan/lookback_policies.h"
#include "scan/onesweep.h"
#include "scan/pipelined_lookback.h"
#include "scan/segmented.h"
#include "scan/segmented_lookback.h"
#include "scan/split.h"
#include "scan/staged_lookback.h"
#include "scan/summed_area.h"
#include "scan/summed_area_lookback.h"
#include "scan/warp_scan.h"
#include "variants/run_request.h"
#include "variants/variant_id.h"

namespace scanscope::kernels {

template <class T>
constexpr std::uint32_t bytes_of(int count) {
    return std::uint32_t(count) * std::uint32_t(sizeof(T));
}

// --- Single-block scans ---------------------------------------------------------------------

template <class L, class T, class Op>
void run_hillis_steele(L& launcher, const RunRequest& r, const T* in, T* out) {
    launcher.launch({"hillis-steele scan", 1, r.n, bytes_of<T>(2 * r.n)},
                    HillisSteeleScan<T, Op>{in, out, r.n, r.inclusive});
}

template <class L, class T, class Op>
void run_hillis_steele_inplace(L& launcher, const RunRequest& r, const T* in, T* out) {
    launcher.launch({"in-place hillis-steele scan", 1, r.n, bytes_of<T>(r.n)},
                    HillisSteeleInPlaceScan<T, Op>{in, out, r.n, r.inclusive});
}

template <class L, class T, class Op>
void run_blelloch(L& launcher, const RunRequest& r, const T* in, T* out, int log_banks) {
    const int threads = next_pow2(std::max(r.n, 2)) / 2;
    BlellochScan<T, Op> scan{in, out, r.n, r.inclusive, log_banks};
    launcher.launch({"blelloch scan", 1, threads,
                     bytes_of<T>(BlellochScan<T, Op>::shared_elements(threads, log_banks))},
                    scan);
}

// Stream compaction in one block; the count kept is a global of the trace.
template <class L, class T>
void run_compact(L& launcher, const RunRequest& r, const T* in, T* out) {
    const int threads = next_pow2(std::max(r.n, 2)) / 2;
    int* kept = launcher.template alloc<int>(1);
    launcher.launch({"stream compaction", 1, threads, bytes_of<int>(2 * threads)},
                    CompactScan<T>{in, out, r.n, kept, Keep<T>(r.keep)}, {{"kept", kept, 1, 4}});
}

// Radix sort by splits in one block, a pass a bit (one for `split`); each pass's totalFalses is
// a word of a global of the trace.
template <class L, class T>
void run_split(L& launcher, const RunRequest& r, const T* in, T* out) {
    const int threads = next_pow2(std::max(r.n, 2)) / 2;
    const int bits = sort_bits(r);
    int* falses = launcher.template alloc<int>(std::size_t(bits));
    launcher.launch({bits == 1 ? "split on bit 0" : "radix sort by splits", 1, threads,
                     bytes_of<int>(2 * threads) + bytes_of<T>(2 * threads)},
                    SplitSort<T>{in, out, r.n, bits, falses},
                    {{"totalFalses", falses, std::size_t(bits), 4}});
}

// A segmented scan in one block; its head flags are uploaded beside the input.
template <class L, class T, class Op>
void run_segmented(L& launcher, const RunRequest& r, const T* in, T* out) {
    const int threads = next_pow2(std::max(r.n, 2)) / 2;
    const std::vector<int> flags = head_flags(r);
    int* heads = launcher.template alloc<int>(flags.size());
    launcher.upload(heads, flags.data(), flags.size());
    launcher.launch(
        {"segmented scan", 1, threads, bytes_of<T>(2 * threads) + 2 * bytes_of<int>(2 * threads)},
        SegmentedScan<T, Op>{in, heads, out, r.n, r.inclusive});
}

// A summed-area table in one block, one thread an entry.
template <class L, class T, class Op>
void run_summed_area(L& launcher, const RunRequest& r, const T* in, T* out) {
    launcher.launch({"summed-area table", 1, r.n, bytes_of<T>(2 * r.n)},
                    SummedAreaScan<T, Op>{in, out, r.n, table_width(r)});
}

template <class L, class T, class Op>
void run_warp_shuffle(L& launcher, const RunRequest& r, const T* in, T* out) {
    launcher.launch({"warp-shuffle scan", 1, round_up(r.n, 32), bytes_of<T>(32)},
                    WarpShuffleScan<T, Op>{in, out, r.n, r.inclusive});
}

// --- Multi-block scans ----------------------------------------------------------------------

inline int log2_of(int banks) {
    return banks == 16 ? 4 : 5;
}

// Harris, "Arrays of Arbitrary Size": scan each block (Blelloch, padded), keep each block's total,
// scan the totals (recursively), add each block's total-before back to its elements.
template <class L, class T, class Op>
void scan_then_propagate(L& launcher, const T* in, T* out, int n, bool inclusive, int threads,
                         int log_banks, int level) {
    const int per_block = 2 * threads;
    const int blocks = ceil_div(n, per_block);
    const std::string suffix = level ? " (level " + std::to_string(level + 1) + ")" : "";
    T* sums = blocks > 1 ? launcher.template alloc<T>(blocks) : nullptr;
    BlellochScan<T, Op> scan{in, out, n, inclusive, log_banks, sums};
    const std::uint32_t shared =
        bytes_of<T>(BlellochScan<T, Op>::shared_elements(threads, log_banks));
    if (blocks == 1) {
        launcher.launch({"scan blocks" + suffix, 1, threads, shared}, scan);
        return;
    }
    launcher.launch({"scan blocks" + suffix, blocks, threads, shared}, scan,
                    {{"block sums", sums, std::size_t(blocks), 4}});
    T* increments = launcher.template alloc<T>(blocks);
    scan_then_propagate<L, T, Op>(launcher, sums, increments, blocks, false,
                                  std::min(threads, next_pow2(ceil_div(blocks, 2))), log_banks,
                                  level + 1);
    launcher.launch({"add block sums" + suffix, blocks, threads, 0},
                    AddBlockPrefixes<T, Op>{increments, out, n, per_block},
                    {{"block increments", increments, std::size_t(blocks), 4}});
}

// Reduce each tile to its total, scan the totals, then scan each tile again seeded with the total
// of the tiles before it: the input is read twice, the output written once.
template <class L, class T, class Op>
void reduce_then_scan(L& launcher, const T* in, T* out, int n, bool inclusive, int threads,
                      int log_banks, int level) {
    const int per_block = 2 * threads;
    const int blocks = ceil_div(n, per_block);
    const std::string suffix = level ? " (level " + std::to_string(level + 1) + ")" : "";
    const std::uint32_t shared =
        bytes_of<T>(BlellochScan<T, Op>::shared_elements(threads, log_banks));
    if (blocks == 1) {
        launcher.launch({"scan tiles" + suffix, 1, threads, shared},
                        BlellochScan<T, Op>{in, out, n, inclusive, log_banks});
        return;
    }
    T* totals = launcher.template alloc<T>(blocks);
    launcher.launch({"reduce tiles" + suffix, blocks, threads, bytes_of<T>(threads)},
                    ReduceFirstAdd<T, Op>{in, totals, n},
                    {{"tile totals", totals, std::size_t(blocks), 4}});
    T* prefixes = launcher.template alloc<T>(blocks);
    reduce_then_scan<L, T, Op>(launcher, totals, prefixes, blocks, false,
                               std::min(threads, next_pow2(ceil_div(blocks, 2))), log_banks,
                               level + 1);
    BlellochScan<T, Op> scan{in, out, n, inclusive, log_banks, nullptr, prefixes};
    launcher.launch({"scan tiles" + suffix, blocks, threads, shared}, scan,
                    {{"tile prefixes", prefixes, std::size_t(blocks), 4}});
}

// Descriptors for `passes` single-pass launches in a row, `words` each, `spacing` words apart,
// and a tile counter after them. A capture gives each launch its own fresh set; a run that nobody
// records takes two sets and uses them by turns, across the passes and the repeats of a timing
// loop, each launch readying the other set for the next (TileDescriptors), so that no memset
// launch comes before it (at 2^20 that launch cost a quarter of the time; bench/tuning.md).
template <class L>
class DescriptorTurns {
  public:
    DescriptorTurns(L& launcher, std::size_t words, int passes, int spacing = 1)
        : launcher_(launcher),
          repeatable_(!launcher.capturing()),
          // Each set whole lines, so that the second starts on a line as the first does.
          set_words_(std::size_t(round_up(int(words) * spacing + 1, int(kDescriptorsPerLine)))),
          passes_(passes),
          spacing_(spacing) {
        if (repeatable_) sets_ = launcher.template alloc<DescriptorWord>(2 * set_words_);
    }
    TileDescriptors for_pass(int pass, int*& counter) {
        DescriptorWord* set = nullptr;
        DescriptorWord* next = nullptr;
        if (repeatable_) {
            const int turn = (launcher_.repeat() * passes_ + pass) % 2;
            set = sets_ + std::size_t(turn) * set_words_;
            next = sets_ + std::size_t(1 - turn) * set_words_;
        } else {
            set = launcher_.template alloc<DescriptorWord>(set_words_);
        }
        counter = tile_counter_of(set, set_words_);
        return descriptors_in(set, next, set_words_, spacing_);
    }

  private:
    L& launcher_;
    bool repeatable_;
    std::size_t set_words_;
    int passes_;
    int spacing_;
    DescriptorWord* sets_ = nullptr;
};

// A launch's tile descriptors and its tile counter (DescriptorTurns, one pass). One a line when a
// timed scan that nobody records has more tiles than blocks at once (see TileDescriptors); a
// capture keeps them packed, one word a tile, as the views read them. `Kernel` says whether one
// round of tiles is spread too (SpreadsOneRound) or its descriptors stay packed
// (PacksDescriptors).
template <class Kernel = void, class L>
TileDescriptors alloc_descriptors(L& launcher, int tiles, KernelShape kernel_shape,
                                  int resident_blocks, int*& counter) {
    const int spacing =
        !launcher.capturing() && kernel_shape == KernelShape::Timed &&
                !PacksDescriptors<Kernel>::value
            ? timed_descriptor_spacing(tiles, resident_blocks, SpreadsOneRound<Kernel>::value)
            : 1;
    return DescriptorTurns<L>(launcher, std::size_t(tiles), 1, spacing).for_pass(0, counter);
}

template <class L, class T, class Op, int Rows, int Vec>
void decoupled_lookback(L& launcher, const T* in, T* out, int n, bool inclusive, int threads,
                        KernelShape kernel_shape) {
    using Scan = DecoupledLookbackScan<T, Op, Rows, Vec>;
    const int tiles = ceil_div(n, Scan::tile_elements(threads));
    Scan scan{in, out, n, inclusive, {}, nullptr};
    LaunchShape shape{"single-pass scan", tiles, threads, bytes_of<T>(32) + 4 + bytes_of<T>(1)};
    shape.emulated_resident_blocks = kEmulatedResidentBlocks;
    scan.descriptors = alloc_descriptors<Scan>(
        launcher, tiles, kernel_shape, launcher.resident_blocks(shape, scan), scan.tile_counter);
    launcher.launch(shape, scan,
                    {{"tile descriptors", scan.descriptors.words, std::size_t(tiles), 8}});
}

// Kernels whose tiles sit in shared memory (compact-lookback's packed tile; pipelined-lookback's
// and staged-lookback's, blocks that stay for many tiles). Their tiles may be more than a block's
// shared memory on this GPU (about 100 KiB on many desktop cards, 227 KiB on Hopper): then half the
// threads, half the tile.
template <class Scan, class L>
int threads_whose_tiles_fit(const L& launcher, int threads) {
    while (threads > 32 && Scan::shared_bytes(threads) > launcher.max_shared_bytes_per_block())
        threads /= 2;
    return threads;
}

// Stream compaction in one pass: decoupled-lookback's tiles on the flags, the scatter fused; the
// count kept is a global of the trace.
template <class L, class T, int Rows, int Vec, bool LoadsL2Only = false>
void compact_lookback(L& launcher, const T* in, T* out, int n, int threads,
                      KernelShape kernel_shape, const KeepRule& rule = {}) {
    using Compact = CompactLookback<T, Rows, Vec, LoadsL2Only>;
    threads = threads_whose_tiles_fit<Compact>(launcher, threads);
    const int tiles = ceil_div(n, Compact::tile_elements(threads));
    Compact compact{in, out, n, launcher.template alloc<int>(1), {}, nullptr, Keep<T>(rule)};
    LaunchShape shape{"single-pass compaction", tiles, threads, Compact::shared_bytes(threads)};
    shape.emulated_resident_blocks = kEmulatedResidentBlocks;
    compact.descriptors =
        alloc_descriptors<Compact>(launcher, tiles, kernel_shape,
                                   launcher.resident_blocks(shape, compact), compact.tile_counter);
    launcher.launch(shape, compact,
                    {{"tile descriptors", compact.descriptors.words, std::size_t(tiles), 8},
                     {"kept", compact.kept, 1, 4}});
}

// A segmented scan in one pass: decoupled-lookback's tiles on (value, head) pairs. The heads go
// up as one byte each, once: a timing loop's repeats find them in place.
template <class L, class T, class Op, int Rows, int Vec>
void segmented_lookback(L& launcher, const RunRequest& r, const T* in, T* out, int threads) {
    using Scan = SegmentedLookbackScan<T, Op, Rows, Vec>;
    const int tiles = ceil_div(r.n, Scan::tile_elements(threads));
    std::uint8_t* heads = launcher.template alloc<std::uint8_t>(std::size_t(r.n));
    if (launcher.repeat() == 0) {
        const std::vector<int> flags = head_flags(r);
        const std::vector<std::uint8_t> bytes(flags.begin(), flags.end());
        launcher.upload(heads, bytes.data(), bytes.size());
    }
    Scan scan{in, heads, out, r.n, r.inclusive, {}, nullptr};
    LaunchShape shape{"single-pass segmented scan", tiles, threads, Scan::shared_bytes(threads)};
    shape.emulated_resident_blocks = kEmulatedResidentBlocks;
    scan.descriptors = alloc_descriptors<Scan>(
        launcher, tiles, r.shape, launcher.resident_blocks(shape, scan), scan.tile_counter);
    launcher.launch(shape, scan,
                    {{"tile descriptors", scan.descriptors.words, std::size_t(tiles), 8}});
}

// A summed-area table in one pass: a block a strip of the table, down all its rows, or (Tiles) a
// band of a strip; a descriptor for each row of each strip, and with tiles for each column of
// each row of tiles (wide tiles: two words a column, the ring the tiles hand their last rows down
// through). Tiles are taken by anti-diagonals, each block finding its tile from its ticket.
template <class L, class T, class Op, int Rows, int Vec, bool Tiles = false, int Ahead = 4,
          int WarpCols = 1>
void summed_area_lookback(L& launcher, const RunRequest& r, const T* in, T* out, int threads) {
    using Table = SummedAreaLookback<T, Op, Rows, Vec, Tiles, Ahead, WarpCols>;
    const int width = table_width(r), height = r.n / width;
    Table table{in, out, width, height, {}, nullptr};
    const int strips = table.strips(), tile_rows = table.tile_rows(threads);
    LaunchShape shape{"single-pass summed-area table", strips * tile_rows, threads,
                      Table::shared_bytes(threads)};
    shape.emulated_resident_blocks = kEmulatedResidentBlocks;
    const int rows = table.row_descriptors();
    const int columns = table.column_words(threads);
    shape.tiles = rows + columns;  // what the look-back's events name: a row of a strip each, ...
    table.descriptors =
        alloc_descriptors<Table>(launcher, rows + columns, r.shape,
                                 launcher.resident_blocks(shape, table), table.tile_counter);
    std::vector<GlobalView> globals = {
        {"row descriptors", table.descriptors.words, std::size_t(rows), 8}};
    if (columns > 0)  // ... and a column of a row of tiles, or the ring handed down through
        globals.push_back({Table::kHandDown ? "column ring" : "column descriptors",
                           table.descriptors.words + rows, std::size_t(columns), 8});
    launcher.launch(shape, table, globals);
}

// Radix sort, Onesweep: every pass's digit histogram (one read of the keys), their scans, then a
// pass a digit of 8 bits, each one sweep with a look-back for each digit. The passes write by
// turns to a spare buffer and `out`, so that the last writes `out`. A timed run takes two sets of
// counts by turns, the scan zeroing the other for the next run.
template <class L, class T, int Rows, int HistogramRows, int HistogramVec, int MinBlocks>
void radix_sort_onesweep(L& launcher, const RunRequest& r, const T* in, T* out, int threads) {
    using Pass = OnesweepPass<T, Rows, MinBlocks>;
    using Histogram = OnesweepHistogram<T, HistogramRows, HistogramVec>;
    const int key_bits = sort_bits(r);
    const int passes = ceil_div(key_bits, kDigitBits);
    const auto count_words = std::size_t(passes) * kDigits;
    const bool repeatable = !launcher.capturing();
    int* count_sets = launcher.template alloc<int>(count_words * (repeatable ? 2 : 1));
    const int turn = repeatable ? launcher.repeat() % 2 : 0;
    int* counts = count_sets + std::size_t(turn) * count_words;
    int* next_counts = repeatable ? count_sets + std::size_t(1 - turn) * count_words : nullptr;

    Histogram histogram{in, r.n, key_bits, counts};
    LaunchShape counting{"digit histograms", 1, threads, Histogram::shared_bytes(passes)};
    counting.arrays = {"bins"};
    const int stretch = threads * HistogramRows * HistogramVec;
    counting.grid = std::min(ceil_div(r.n, stretch), launcher.resident_blocks(counting, histogram));
    if (launcher.capturing() || r.shape == KernelShape::Teaching)
        counting.grid = std::min(counting.grid, kEmulatedResidentBlocks);  // the same on the GPU
    launcher.launch(counting, histogram, {{"digit counts", counts, count_words, 4}});
    LaunchShape scanning{"digit starts", passes, kDigits, bytes_of<int>(32)};
    scanning.arrays = {"warp totals"};
    launcher.launch(scanning, ScanDigitCounts{counts, next_counts},
                    {{"digit starts", counts, count_words, 4}});

    T* spare = launcher.template alloc<T>(std::size_t(r.n));
    const int tiles = ceil_div(r.n, Pass::tile_elements(threads));
    DescriptorTurns<L> turns(launcher, std::size_t(tiles) * kDigits, passes);
    const T* from = in;
    for (int p = 0; p < passes; ++p) {
        T* to = (passes - 1 - p) % 2 == 0 ? out : spare;
        Pass pass{from, to, r.n, p * kDigitBits, key_bits, counts + p * kDigits, {}, nullptr};
        pass.descriptors = turns.for_pass(p, pass.tile_counter);
        LaunchShape shape{"pass " + std::to_string(p + 1) + ": bits " +
                              std::to_string(p * kDigitBits) + " to " +
                              std::to_string(std::min(key_bits, (p + 1) * kDigitBits) - 1),
                          tiles, threads, Pass::shared_bytes(threads)};
        shape.emulated_resident_blocks = kEmulatedResidentBlocks;
        shape.tiles = tiles * kDigits;  // what the look-back's events name: a digit of a tile each
        launcher.launch(
            shape, pass,
            {{"digit descriptors", pass.descriptors.words, std::size_t(tiles) * kDigits, 8}});
        from = to;
    }
}

// Their grid: as many blocks as are resident together (at most kEmulatedResidentBlocks in the
// teaching shape, on the GPU too, so that each block shows several tiles), all of them resident
// in the emulation too; the launch shows how many tiles they share.
template <class L, class Scan>
void grid_of_blocks_that_stay(L& launcher, LaunchShape& shape, const Scan& scan, int tiles,
                              KernelShape kernel_shape) {
    int grid = std::min(tiles, launcher.resident_blocks(shape, scan));
    if (kernel_shape == KernelShape::Teaching) grid = std::min(grid, kEmulatedResidentBlocks);
    shape.grid = grid;
    shape.emulated_resident_blocks = grid;
    shape.tiles = tiles;
}

// The pipelined single-pass scan: persistent blocks that deal their tiles round (the GPU deals
// them exactly as the emulation does, all blocks resident, as the dealing needs).
template <class L, class T, class Op, int Rows, int Vec, int Stages>
void pipelined_lookback(L& launcher, const T* in, T* out, int n, bool inclusive, int threads,
                        KernelShape kernel_shape) {
    using Scan = PipelinedLookbackScan<T, Op, Rows, Vec, Stages>;
    threads = threads_whose_tiles_fit<Scan>(launcher, threads);
    const int tiles = ceil_div(n, Scan::tile_elements(threads));
    Scan scan{in, out, n, inclusive, {}, tiles};
    LaunchShape shape{"pipelined single-pass scan", 1, threads, Scan::shared_bytes(threads)};
    grid_of_blocks_that_stay(launcher, shape, scan, tiles, kernel_shape);
    int* unused_counter = nullptr;
    scan.descriptors =
        alloc_descriptors<Scan>(launcher, tiles, kernel_shape, shape.grid, unused_counter);
    launcher.launch(shape, scan,
                    {{"tile descriptors", scan.descriptors.words, std::size_t(tiles), 8}});
}

// The staged single-pass scan: blocks that stay, their first kDealtRounds rounds of tiles
// dealt by index, the rest taken from a counter (all resident, as the dealing needs).
template <class L, class T, class Op, int Rows, int Vec>
void staged_lookback(L& launcher, const T* in, T* out, int n, bool inclusive, int threads,
                     KernelShape kernel_shape) {
    using Scan = StagedLookbackScan<T, Op, Rows, Vec>;
    threads = threads_whose_tiles_fit<Scan>(launcher, threads);
    const int tiles = ceil_div(n, Scan::tile_elements(threads));
    Scan scan{in, out, n, inclusive, {}, nullptr, tiles, 0};
    LaunchShape shape{"staged single-pass scan", 1, threads, Scan::shared_bytes(threads)};
    grid_of_blocks_that_stay(launcher, shape, scan, tiles, kernel_shape);
    scan.dealt_tiles = dealt_tiles(tiles, shape.grid, StagedLookbackPolicy::kDealtRounds);
    scan.descriptors =
        alloc_descriptors<Scan>(launcher, tiles, kernel_shape, shape.grid, scan.tile_counter);
    launcher.launch(shape, scan,
                    {{"tile descriptors", scan.descriptors.words, std::size_t(tiles), 8}});
}

// --- Reductions ---------------------------------------------------------------------------------

// Reduces `in` to out[0]: each pass leaves one partial result per block, the next pass reduces
// those, until one block does it all.
template <class Kernel, class L, class T>
void reduce_passes(L& launcher, const T* in, T* out, int n, int threads) {
    const int per_block = threads * Kernel::kElementsPerThread;
    const T* from = in;
    int count = n;
    for (int pass = 1;; ++pass) {
        const int blocks = ceil_div(count, per_block);
        T* partials = blocks == 1 ? out : launcher.template alloc<T>(blocks);
        const std::uint32_t shared = bytes_of<T>(std::max(threads, 32));
        const std::string name = "reduce, pass " + std::to_string(pass);
        if (blocks == 1) {
            launcher.launch({name, 1, threads, shared}, Kernel{from, partials, count});
            return;
        }
        launcher.launch({name, blocks, threads, shared}, Kernel{from, partials, count},
                        {{"partial results", partials, std::size_t(blocks), 4}});
        from = partials;
        count = blocks;
    }
}

}  // namespace scanscope::kernels
