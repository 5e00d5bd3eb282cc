// Radix sort of any n, a pass a digit of 8 bits, each pass one sweep over the keys: Onesweep
// (Adinets and Merrill, "Onesweep: A Faster Least Significant Digit Radix Sort for GPUs", 2022),
// the form CUB's DeviceRadixSort runs. Harris's split (39.3.3) sorts by one bit: a key's place is
// the count of keys before it that go to its pile. Here each pass has 256 piles, one a digit, and
// a key's place is
//     (keys of smaller digits, in all the input) + (keys of its digit in the tiles before its tile)
//   + (keys of its digit before it in its tile).
// The first is a scan of the digits' histogram, made once for every pass before the passes start;
// the second a decoupled look-back, one for each digit (Merrill, US patent 9928033); the third a
// count inside the block. Each pass reads every key once and writes it once, as a copy does.
//
//   1. OnesweepHistogram: every pass's digit counts over the whole input, at once (one read);
//   2. ScanDigitCounts: each pass's counts, exclusive-scanned: where each digit's keys start;
//   3. OnesweepPass, once a digit, lowest first: each tile counts its keys of each digit and
//      publishes the counts at once, ranks its keys by the digit, looks back for the keys of each
//      digit in the tiles before, and writes its keys to their places.
// Each pass is stable, so after the pass on digit k the keys are ordered by digits 0 to k (LSD).
#pragma once

#include <cstdint>

#include "core/bits.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/ops.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/row_lookback.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

struct OnesweepLine {
    enum : std::uint16_t {
        ClearBins = 89,
        Histogram = 90,
        AddHistograms = 91,
        ScanCounts = 92,
        TakeTile = 93,
        Rank = 94,
        DigitTotals = 95,
        Place = 97,
        Store = 98,
        Count = 99
    };
};

constexpr int kDigitBits = 8;
constexpr int kDigits = 1 << kDigitBits;
constexpr int kMaxPasses = 32 / kDigitBits;

// The digits of a pass on bits shift .. shift + 7 of a sort by bits 0 .. key_bits - 1: the last
// pass's digit may be narrower (a sort by 12 bits: 8, then 4); 0 for a pass past the last.
SS_HD_INLINE std::uint32_t digit_mask(int shift, int key_bits) {
    const int width = key_bits - shift < kDigitBits ? key_bits - shift : kDigitBits;
    return width <= 0 ? 0u : (1u << width) - 1u;
}

// The digit of `key` that pass sorts by.
template <class T>
SS_HD_INLINE int digit_of(T key, int shift, std::uint32_t mask) {
    return int((radix_bits(key) >> shift) & mask);
}

// 1. Each block counts the digits of its share of the keys in shared memory (atomic adds) and
// adds its counts to the global ones: counts[p * 256 + d] is how many keys have digit d in pass p.
// Each thread takes Vec consecutive keys at a time, `Rows` times, then the next stretch.
template <class T, int Rows, int Vec>
struct OnesweepHistogram {
    const T* in;
    int n;
    int key_bits;  // the passes: ceil(key_bits / 8)
    int* counts;   // passes * 256 words, zero before the launch

    SS_HD int passes() const { return (key_bits + kDigitBits - 1) / kDigitBits; }

    static std::uint32_t shared_bytes(int passes) { return std::uint32_t(passes * kDigits * 4); }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const int passes = this->passes();
        auto bins = shared_memory<int>(b, passes * kDigits);
        b.at(OnesweepLine::ClearBins);
        for (int i = b.thread(); i < passes * kDigits; i += b.threads())
            bins[i] = 0;
        b.sync(OnesweepLine::Histogram);

        // Each pass's digit mask, once, and a key's bits turned once for all its passes: the
        // count is four shared atomic adds a key and little else (it was issue-bound).
        std::uint32_t masks[kMaxPasses];
        for (int p = 0; p < kMaxPasses; ++p)
            masks[p] = digit_mask(p * kDigitBits, key_bits);
        const auto count_key = [&](T key) {
            const std::uint32_t bits = radix_bits(key);
            for (int p = 0; p < kMaxPasses; ++p)
                if (p < passes)
                    bins[p * kDigits + int((bits >> (p * kDigitBits)) & masks[p])].atomic_add(1);
        };
        const int stretch = b.threads() * Rows * Vec;
        for (int first = b.block() * stretch; first < n; first += b.blocks() * stretch) {
            T keys[Rows][Vec];
            for (int r = 0; r < Rows; ++r)
                load_consecutive<Vec>(in, first + (r * b.threads() + b.thread()) * Vec, n, T(0),
                                      keys[r]);
            const bool whole = first + stretch <= n;  // then no key needs its index checked
            for (int r = 0; r < Rows; ++r)
                for (int v = 0; v < Vec; ++v)
                    if (whole || first + (r * b.threads() + b.thread()) * Vec + v < n)
                        count_key(keys[r][v]);
        }
        b.sync(OnesweepLine::AddHistograms);
        for (int i = b.thread(); i < passes * kDigits; i += b.threads()) {
            const int count = bins[i];
            if (count) b.add_to_global(&counts[i], count);
        }
    }
};

// 2. Block p, 256 threads, scans pass p's counts: each becomes the number of keys of smaller
// digits, where the digit's keys start in the pass's output. It also zeroes `next_counts` (the
// next run's, in a timing loop that repeats the run), as the descriptors are readied.
struct ScanDigitCounts {
    int* counts;       // passes * 256 words
    int* next_counts;  // null, or another passes * 256 words to zero

    template <class Block>
    SS_HD void operator()(Block& b) const {
        auto warp_totals = shared_memory<int>(b, 32);
        b.at(OnesweepLine::ScanCounts);
        const int at = b.block() * kDigits + b.thread();
        const int count = counts[at];
        const BlockScanResult<int> starts = block_scan<AddOp<int>>(
            b, count, warp_totals, OnesweepLine::ScanCounts, OnesweepLine::ScanCounts);
        counts[at] = starts.exclusive;
        if (next_counts) next_counts[at] = 0;
    }
};

// 3. One pass, on the digit at bits shift .. shift + 7. A tile is Rows keys a thread; warp w takes
// Rows * 32 consecutive keys, lane l of it keys l, l + 32, ... (so that a warp's keys, taken a row
// at a time and lane by lane, are in the input's order). The block has 256 threads or more:
// thread d < 256 speaks for digit d. MinBlocks: the blocks an SM must hold at once (registers).
template <class T, int Rows, int MinBlocks = 1, int Ahead = 4>
struct OnesweepPass {
    static constexpr int kItems = Rows;
    static constexpr int kMaxBlockThreads = 256;
    static constexpr int kMinBlocksPerSm = MinBlocks;
    static constexpr bool kPackedDescriptors = true;  // a tile's 256 digits side by side
    const T* in;
    T* out;
    int n;
    int shift;                    // the digit's lowest bit
    int key_bits;                 // of the whole sort (the last digit may be narrower)
    const int* digit_starts;      // the pass's 256 starts (ScanDigitCounts)
    TileDescriptors descriptors;  // tile t, digit d: descriptor t * 256 + d
    int* tile_counter;            // zero before the launch (as TileDescriptors says)

    SS_HD static int tile_elements(int threads) { return threads * Rows; }
    // The tile's number; each warp's digit counts; each digit's place in the tile and in the
    // output; the warp totals of a block scan; the tile's keys in their new order.
    static std::uint32_t shared_bytes(int threads) {
        return std::uint32_t(4 + (threads / 32 + 2) * kDigits * 4 + 32 * 4 +
                             tile_elements(threads) * sizeof(T));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = OnesweepLine;
        auto tile_slot = shared_memory<int>(b, 1);
        // warp_counts[w * 256 + d]: warp w's keys of digit d; then where they start in the tile.
        auto warp_counts = shared_memory<int>(b, b.warps() * kDigits);
        auto digit_first = shared_memory<int>(b, kDigits);  // digit d's first place in the tile
        auto digit_shift = shared_memory<int>(b, kDigits);  // its output place less that
        auto warp_totals = shared_memory<int>(b, 32);
        auto sorted = shared_memory<T>(b, tile_elements(b.threads()));

        // 1. The next tile, in the order blocks start; the warps' counts from 0.
        b.at(Line::TakeTile);
        if (b.thread() == 0) tile_slot[0] = b.take_tile(tile_counter);
        for (int i = b.thread(); i < b.warps() * kDigits; i += b.threads())
            warp_counts[i] = 0;
        b.sync(Line::Count);
        const int tile = tile_slot[0];
        const int tile_first = tile * tile_elements(b.threads());
        const int tile_keys = n - tile_first < tile_elements(b.threads())
                                  ? n - tile_first
                                  : tile_elements(b.threads());

        // 2. Each warp counts its keys' digits, an atomic add a key. Keys past n are padding
        //    whose digit is the pass's last (radix_last), so they come last in the tile; nothing
        //    counts them outside it. A whole tile loads without checking each index.
        const int warp_first = tile_first + b.warp() * Rows * 32;
        const std::uint32_t mask = digit_mask(shift, key_bits);
        const int last_digit = int(mask);
        T keys[Rows];
        if (tile_keys == tile_elements(b.threads())) {
            for (int r = 0; r < Rows; ++r)
                keys[r] = in[warp_first + r * 32 + b.lane()];
        } else {
            for (int r = 0; r < Rows; ++r) {
                const int i = warp_first + r * 32 + b.lane();
                keys[r] = i < n ? in[i] : radix_last<T>();
            }
        }
        for (int r = 0; r < Rows; ++r)
            warp_counts[b.warp() * kDigits + digit_of(keys[r], shift, mask)].atomic_add(1);
        b.sync(Line::DigitTotals);

        // 3. Thread d: digit d's count in the tile, published at once (the tile's aggregate) for
        //    the tiles after it to find, before the tile is ranked (CUB's early counts); then
        //    where the tile's keys of each digit start, and each warp's.
        const int d = b.thread();
        int count = 0;
        const int padding = d == last_digit ? tile_elements(b.threads()) - tile_keys : 0;
        if (d < kDigits) {
            for (int w = 0; w < b.warps(); ++w)
                count += warp_counts[w * kDigits + d];
            publish_row_total(b, descriptors, tile, d, kDigits, count - padding);
        }
        const BlockScanResult<int> first =
            block_scan<AddOp<int>>(b, count, warp_totals, Line::DigitTotals, Line::Place);
        if (d < kDigits) {
            int at = first.exclusive;
            for (int w = 0; w < b.warps(); ++w) {
                const int in_warp = warp_counts[w * kDigits + d];
                warp_counts[w * kDigits + d] = at;
                at += in_warp;
            }
            digit_first[d] = first.exclusive;
        }
        b.sync(Line::Rank);

        // 4. Each warp ranks its keys, a row at a time, and puts them in their places in the
        //    tile: the lanes whose keys have the same digit find each other (eight ballots, a
        //    bit each; __match_any_sync was slower, bench/tuning.md), and the last of them takes
        //    the warp's next place for the digit and moves it on by their number. Keys alike in
        //    the digit keep the input's order.
        const unsigned lanes_below = (1u << b.lane()) - 1u;
        for (int r = 0; r < Rows; ++r) {
            const int digit = digit_of(keys[r], shift, mask);
            unsigned same = ~0u;
            for (int bit = 0; bit < kDigitBits; ++bit) {
                const bool set = (digit >> bit) & 1;
                const unsigned with_bit = b.ballot(set);
                same &= set ? with_bit : ~with_bit;
            }
            const int last = highest_set_bit(same);
            int place = 0;
            if (b.lane() == last) {
                place = warp_counts[b.warp() * kDigits + digit];
                warp_counts[b.warp() * kDigits + digit] = place + count_set_bits(same);
            }
            place = b.shfl(place, last) + count_set_bits(same & lanes_below);
            sorted[place] = keys[r];
            b.warp_fence();  // the next row's last lanes read what this row's wrote
        }

        // 5. The look-back, a digit a thread: the keys of digit d in the tiles before. After
        //    the ranking, not before it: by now more of the tiles before have their prefixes,
        //    so the look-backs are shorter (bench/tuning.md).
        if (d < kDigits) {
            const int before_tile = look_left_along_row<AddOp<int>, Ahead>(
                b, descriptors, tile, d, kDigits, count - padding);
            digit_shift[d] = digit_starts[d] + before_tile - first.exclusive;
        }
        b.sync(Line::Store);

        // 6. The tile's keys out, consecutive threads to consecutive places in the tile: a
        //    digit's keys go to consecutive words of the output.
        for (int k = 0; k < Rows; ++k) {
            const int i = k * b.threads() + b.thread();
            if (i >= tile_keys) break;
            const T key = sorted[i];
            const int tile_to_output = digit_shift[digit_of(key, shift, mask)];
            out[tile_to_output + i] = key;
        }
    }
};

}  // namespace scanscope::kernels
