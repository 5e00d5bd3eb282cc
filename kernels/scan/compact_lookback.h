// Stream compaction in one pass over any n: Merrill's single-pass scan with decoupled look-back
// (decoupled_lookback.h), run on the elements' 1-or-0 flags, with the scatter fused into its
// store. Each tile loads its elements once, flags the ones kept (here: those that are not 0),
// scans the flags across the tile with shuffles, and looks back over its predecessors for how many
// were kept before it. Its kept elements are then packed in shared memory and written out in one
// coalesced sweep after those of the tiles before. The input is read once and only the kept
// elements are written: the least traffic a compaction can have. The last tile's inclusive prefix
// is the count kept.
//
// Why pack in shared memory first: written straight from registers, a warp's store of one element
// per lane lands on words spread over a row's output, a few per 32-byte sector, and every sector
// is written four times, in part; packed, each store of the warp fills whole sectors
// (bench/tuning.md: 1.36 against 1.0x of the copy's time at 2^28 on the H200).
#pragma once

#include "core/bits.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/int_math.h"
#include "core/keep_rule.h"
#include "core/ops.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/decoupled_lookback.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

struct CompactLookbackLine {
    enum : std::uint16_t {
        TakeTile = 40,
        FlagAndScan = 41,
        ScanTotals = 42,
        PackAndLookBack = 43,
        Store = 44
    };
};

// Which of a thread's Rows x Vec elements are kept: bit r * Vec + v, 32 to a word. As bits the
// flags take a register for 32 elements, and a row's count is one popc of its Vec bits.
template <int Rows, int Vec>
struct KeptBits {
    static_assert(32 % Vec == 0, "a row's bits lie in one word");
    static constexpr int kWords = (Rows * Vec + 31) / 32;
    static constexpr unsigned kRowMask = Vec == 32 ? ~0u : (1u << Vec) - 1;
    unsigned words[kWords] = {};

    SS_HD void set(int r, int v) { words[(r * Vec + v) / 32] |= 1u << ((r * Vec + v) % 32); }
    SS_HD void clear(int r, int v) { words[(r * Vec + v) / 32] &= ~(1u << ((r * Vec + v) % 32)); }
    SS_HD bool kept(int r, int v) const {
        return (words[(r * Vec + v) / 32] >> ((r * Vec + v) % 32)) & 1u;
    }
    SS_HD int row_count(int r) const {
        return count_set_bits((words[r * Vec / 32] >> (r * Vec % 32)) & kRowMask);
    }
};

// Step 3 of the compaction: the warp counts, row by row, the kept elements before each lane's.
// A row's count in a warp is at most 32 * Vec, so several rows' counts share one 32-bit word, each
// in a field wide enough never to carry into the next: one warp scan (five shuffles) counts
// kFields rows at once (four rows of Vec = 4 a word). The counts stay in their fields until the
// packing reads them: a register for four rows, not one a row (at 24 rows, what keeps the timed
// tile out of local memory; bench/tuning.md).
//   before[w], field f: the elements kept in the warp's row w * kFields + f before this lane's;
//   totals[w], field f: the warp's count of that row.
template <int Rows, int Vec>
struct WarpRowCounts {
    static constexpr int kFieldBits = bits_to_hold(32 * Vec);
    static constexpr int kFields = 32 / kFieldBits;
    static constexpr int kWords = (Rows + kFields - 1) / kFields;
    static constexpr unsigned kFieldMask = (1u << kFieldBits) - 1;
    unsigned before[kWords];
    unsigned totals[kWords];
    SS_HD static int field(unsigned word, int r) {
        return int((word >> (kFieldBits * (r % kFields))) & kFieldMask);
    }
    SS_HD int before_in_row(int r) const { return field(before[r / kFields], r); }
    SS_HD int row_total(int r) const { return field(totals[r / kFields], r); }
};

// Fills `counts` and returns the warp's count.
template <int Rows, int Vec, class Block>
SS_HD int count_rows_of_warp(Block& b, const KeptBits<Rows, Vec>& kept,
                             WarpRowCounts<Rows, Vec>& counts) {
    using Counts = WarpRowCounts<Rows, Vec>;
    unsigned lane_counts[Counts::kWords] = {};
    for (int r = 0; r < Rows; ++r)
        lane_counts[r / Counts::kFields] += unsigned(kept.row_count(r))
                                            << (Counts::kFieldBits * (r % Counts::kFields));
    int warp_count = 0;
    for (int w = 0; w < Counts::kWords; ++w) {
        const unsigned in_warp = warp_inclusive_scan<AddOp<unsigned>>(b, lane_counts[w]);
        counts.before[w] = in_warp - lane_counts[w];  // no field borrows: each is >= its own
        counts.totals[w] = b.shfl(in_warp, 31);
        for (int f = 0; f < Counts::kFields && w * Counts::kFields + f < Rows; ++f)
            warp_count += Counts::field(counts.totals[w], f);
    }
    return warp_count;
}

// A tile is the block's threads times Rows * Vec elements, laid out as decoupled-lookback's: each
// warp takes Rows rows of 32 * Vec consecutive elements, each lane Vec consecutive ones per row.
// The captured compaction runs 1 x 1; the timed one larger tiles (CompactLookbackPolicy in
// lookback_policies.h), whose policy may ask for loads cached in the L2 only (LoadsL2Only).
template <class T, int Rows, int Vec, bool LoadsL2Only = false>
struct CompactLookback {
    static constexpr int kItems = Rows * Vec;                       // per thread
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
    static constexpr int kSweep = 4;  // words a thread writes in one turn of step 7's loop
    using Count = AddOp<int>;
    const T* in;
    T* out;
    int n;
    int* kept;  // one word: how many elements are kept (written by the last tile)
    TileDescriptors descriptors;
    int* tile_counter;  // zero before the launch (TileDescriptors says who zeroes it)
    Keep<T> keep;       // the predicate (core/keep_rule.h), as the one-block `compact`'s
    SS_HD static int tile_elements(int threads) { return threads * kItems; }
    // Warp counts, the tile's number, its prefix, and the tile's kept elements packed.
    static std::uint32_t shared_bytes(int threads) {
        return std::uint32_t(32 * 4 + 4 + 4) + std::uint32_t(tile_elements(threads) * sizeof(T));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = CompactLookbackLine;
        auto warp_totals = shared_memory<int>(b, 32);
        auto tile_slot = shared_memory<int>(b, 1);
        auto prefix_slot = shared_memory<int>(b, 1);
        auto packed = shared_memory<T>(b, tile_elements(b.threads()));

        // 1. The next tile, in the order blocks start (as decoupled-lookback takes them).
        b.at(Line::TakeTile);
        if (b.thread() == 0) {
            const int taken = b.take_tile(tile_counter);
            tile_slot[0] = taken;
            descriptors.ready_next_launch(taken);  // only where a timing loop repeats the launch
        }
        b.sync(Line::FlagAndScan);
        const int tile = tile_slot[0];
        const bool last_tile = tile == ceil_div(n, tile_elements(b.threads())) - 1;

        // 2. Load the elements (0 past n) and flag the ones kept. Past n, in the last tile, is
        //    padding, which some rules (even, above -1) would keep.
        const int warp_first = tile * tile_elements(b.threads()) + b.warp() * Rows * 32 * Vec;
        T items[Rows][Vec];
        KeptBits<Rows, Vec> flags;
        for (int r = 0; r < Rows; ++r)
            load_consecutive<Vec, LoadsL2Only>(in, warp_first + (r * 32 + b.lane()) * Vec, n, T(0),
                                               items[r]);
        keep.visit([&](auto keeps) {
            for (int r = 0; r < Rows; ++r)
                for (int v = 0; v < Vec; ++v)
                    if (keeps(items[r][v])) flags.set(r, v);
        });
        if (last_tile)
            for (int r = 0; r < Rows; ++r)
                for (int v = 0; v < Vec; ++v)
                    if (warp_first + (r * 32 + b.lane()) * Vec + v >= n) flags.clear(r, v);

        // 3. Each warp counts, row by row, the kept elements before each lane's (shuffles).
        WarpRowCounts<Rows, Vec> counts;
        const int warp_kept = count_rows_of_warp(b, flags, counts);

        // 4. The block combines its warps' counts: the tile's count, its aggregate, which thread
        //    0 publishes at once: the tiles after it may be looking back for it, and the packing
        //    takes a while (on the H200 at 2^28, 8 rows at 512 threads: 1.21 x the copy when the
        //    look-back published it after the packing, 1.18 x so; bench/tuning.md).
        const WarpTotalsScan<int> warps = scan_warp_totals<Count>(
            b, warp_kept, warp_totals, Line::ScanTotals, Line::PackAndLookBack);
        if (b.thread() == 0 && tile > 0)
            b.publish(descriptors, tile, TileStatus::Aggregate, to_bits(warps.aggregate));

        // 5. Each kept element into shared memory, packed: at the count kept before it in the
        //    tile (this needs nothing from the tiles before, so it goes first).
        int row_start = warps.before_warp;  // kept in the tile before the warp's row r
        for (int r = 0; r < Rows; ++r) {
            int at = row_start + counts.before_in_row(r);
            for (int v = 0; v < Vec; ++v)
                if (flags.kept(r, v)) packed[at++] = items[r][v];
            row_start += counts.row_total(r);
        }

        // 6. Warp 0 looks back for the count kept in the tiles before and publishes the tile's
        //    inclusive prefix; the last tile's is the count kept in all.
        if (b.warp() == 0) {
            const int kept_before = look_back<Count>(b, descriptors, tile, warps.aggregate, -1,
                                                     /*aggregate_published=*/true);
            if (b.lane() == 0) {
                prefix_slot[0] = kept_before;
                if (last_tile) *kept = kept_before + warps.aggregate;
            }
        }
        b.sync(Line::Store);

        // 7. The tile's kept elements out, consecutive threads to consecutive words, after the
        //    count kept in the tiles before; kSweep words a thread at a time, so that a thread's
        //    loop is paid once for them.
        const int before_tile = prefix_slot[0];
        for (int first = b.thread(); first < warps.aggregate; first += kSweep * b.threads())
            for (int k = 0; k < kSweep; ++k) {
                const int i = first + k * b.threads();
                if (i < warps.aggregate) out[before_tile + i] = packed[i];
            }
    }
};

}  // namespace scanscope::kernels
