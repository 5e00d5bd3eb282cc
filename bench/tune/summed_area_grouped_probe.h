// A probe (SCANSCOPE_TUNE_WIDE=grouped): summed-area-lookback's wide tiles (64 x 256, 256
// threads) with the row's part left of a tile found without a chain along the row, so that the
// tiles can be taken row after row (the order the DRAM likes: 1.042-1.045 x the copy with nothing
// read, against 1.087-1.089 x by anti-diagonals, bench/tuning.md). The app's decoupled look-back
// along a row walks left until a tile that knew its prefix; row after row, the tiles to the left
// were taken just before and hold only aggregates, so the walk is long (1.27 x and worse).
// Here the strips of a row of tiles are in groups of Group, and no tile publishes a prefix:
//   - each tile publishes its rows' totals (as the app's);
//   - a tile adds the totals of the tiles before it in its group (at most Group - 1, read at
//     once), and the last tile of a group publishes the group's totals (that sum and its own);
//   - a tile adds the totals of the groups before it in its row (read at once, by the other half
//     of the warp's lanes).
// Two reads a row, side by side, each waiting only for aggregates, never for a prefix. The
// columns are as the app's: the tile above hands its last row down. Group 0 is the app's own
// look-back (a check that the probe's copy times as the app). RowAfterRow: tile = ticket, else
// the app's anti-diagonals. Tables whose width is a multiple of 256 and height of 64 only.
#pragma once

#include <cstdint>

#include "core/bits.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/anti_diagonal_order.h"
#include "scan/row_lookback.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

template <class T, class Op, bool RowAfterRow, int Group>
struct SummedAreaGrouped {
    static constexpr int Rows = 16, Vec = 4, WarpCols = 2;
    static constexpr int kWarpWidth = 32 * Vec, kStripWidth = WarpCols * kWarpWidth;
    static constexpr int kMaxBlockThreads = 512;  // as the app's: 128 registers
    static constexpr bool kPackedDescriptors = true;
    static constexpr int kSumsPitch = kStripWidth + kStripWidth / 32;
    static constexpr int kReadsAtOnce = 8;
    const T* in;
    T* out;
    int width;
    int height;
    TileDescriptors descriptors;
    int* tile_counter;

    SS_HD int strips() const { return width / kStripWidth; }
    SS_HD int tile_rows(int threads) const { return height / (threads / 32 / WarpCols * Rows); }
    SS_HD int groups() const { return Group > 0 ? (strips() + Group - 1) / Group : 0; }
    // Row descriptors (strip * height + y, as the app's), the column ring, the groups' totals.
    SS_HD int row_descriptors() const { return strips() * height; }
    SS_HD int handed_word(int tile_row, int x) const {
        return row_descriptors() + (tile_row & 1) * width + x;
    }
    SS_HD int group_word(int group, int y) const {
        return row_descriptors() + 2 * width + group * height + y;
    }
    SS_HD int words() const { return row_descriptors() + 2 * width + groups() * height; }
    SS_HD_INLINE static int padded_column(int column) { return column + column / 32; }
    static std::uint32_t shared_bytes(int threads) {
        const int warp_rows = threads / 32 / WarpCols, warps = threads / 32;
        return std::uint32_t(
            4 + (warp_rows * kSumsPitch + warps + warp_rows * Rows * (WarpCols + 1)) * sizeof(T));
    }

    // The sum, left to right, of the words first .. end - 1 (word(k)), each waited for.
    template <class Block, class Word>
    SS_HD T add_up(Block& b, int reader, int first, int end, Word word) const {
        const Op op;
        T sum = Op::identity();
        for (int k0 = first; k0 < end; k0 += kReadsAtOnce) {
            TileDescriptor d[kReadsAtOnce];
            for (int k = 0; k < kReadsAtOnce; ++k)
                if (k0 + k < end) d[k] = b.peek(descriptors, reader, word(k0 + k));
            for (int k = 0; k < kReadsAtOnce; ++k) {
                if (k0 + k >= end) break;
                while (d[k].status == TileStatus::Invalid) {
                    b.back_off();
                    d[k] = b.peek(descriptors, reader, word(k0 + k));
                }
                sum = op(sum, from_bits<T>(d[k].value));
            }
        }
        return sum;
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const Op op;
        auto tile_slot = shared_memory<int>(b, 1);
        const int warp_rows = b.warps() / WarpCols;
        const int warp_row = b.warp() / WarpCols, warp_col = b.warp() % WarpCols;
        auto sums = shared_memory<T>(b, warp_rows * kSumsPitch);
        auto lefts = shared_memory<T>(b, b.warps());
        auto row_parts = shared_memory<T>(b, warp_rows * Rows * WarpCols);
        auto row_lefts = shared_memory<T>(b, warp_rows * Rows);
        const int band_rows = warp_rows * Rows;
        const int across = strips(), down = tile_rows(b.threads());

        if (b.thread() == 0) {
            const int ticket = b.take_tile(tile_counter);
            tile_slot[0] = RowAfterRow ? ticket : anti_diagonal_tile(ticket, across, down);
        }
        b.sync(0, 0);
        const int tile = tile_slot[0];
        const int strip = tile % across, tile_row = tile / across;
        const int first_row = tile_row * band_rows + warp_row * Rows;
        const int x = strip * kStripWidth + warp_col * kWarpWidth + b.lane() * Vec;

        // Loads and row scans, down the warp's rows: the app's.
        T items[Rows][Vec];
        const T* from = in + static_cast<long long>(first_row) * width;
        for (int r = 0; r < Rows; ++r, from += width)
            load_consecutive<Vec>(from + x, 0, Vec, Op::identity(), items[r]);
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
        const int warp_x = warp_col * kWarpWidth + b.lane() * Vec;
        for (int v = 0; v < Vec; ++v)
            sums[warp_row * kSumsPitch + padded_column(warp_x + v)] = items[Rows - 1][v];

        // A row's parts in the two warps meet; the left warp's lanes find its part left of the
        // tile.
        const int r_lane = b.lane() & (Rows - 1);
        const int row = warp_row * Rows + r_lane;
        const int y = first_row + r_lane;
        if (b.lane() < Rows) row_parts[warp_col * band_rows + row] = my_total;
        b.sync(0, 0);
        T before = Op::identity(), total = Op::identity();
        for (int c = 0; c < WarpCols; ++c) {
            const T part = row_parts[c * band_rows + row];
            if (c < warp_col) before = op(before, part);
            total = op(total, part);
        }
        if (warp_col == 0) {
            if constexpr (Group == 0) {
                if (b.lane() < Rows) {
                    publish_row_total(b, descriptors, strip, y, height, total);
                    row_lefts[row] =
                        look_left_along_row<Op, 4>(b, descriptors, strip, y, height, total);
                }
            } else {
                const int me = row_descriptor(strip, y, height);
                const int group = strip / Group, group_start = group * Group;
                T found = Op::identity();
                if (b.lane() < Rows) {
                    publish_row_total(b, descriptors, strip, y, height, total);
                    found = add_up(b, me, group_start, strip,
                                   [&](int c) { return row_descriptor(c, y, height); });
                    if (strip == group_start + Group - 1 && strip + 1 < across) {
                        const int word = group_word(group, y);
                        descriptors.ready_next_launch(word);
                        b.publish(descriptors, word, TileStatus::Aggregate,
                                  to_bits(op(found, total)));
                    }
                } else {
                    found = add_up(b, me, 0, group, [&](int g) { return group_word(g, y); });
                }
                const T groups_before = b.shfl(found, r_lane + Rows);
                if (b.lane() < Rows) row_lefts[row] = op(groups_before, found);
            }
        }
        b.sync(0, 0);
        const T left = b.lane() < Rows ? op(row_lefts[row], before) : Op::identity();
        T left_down[Rows];
        T warp_lefts = Op::identity();
        for (int r = 0; r < Rows; ++r) {
            warp_lefts = op(warp_lefts, b.shfl(left, r));
            left_down[r] = warp_lefts;
        }
        if (b.lane() == 0) lefts[b.warp()] = warp_lefts;
        b.sync(0, 0);

        // The columns: the tile above's last row handed down, as the app's.
        for (int i = 0; i < Vec; ++i) {
            const int column = b.thread() + i * b.threads();
            if (column >= kStripWidth) break;
            const int x_column = strip * kStripWidth + column;
            const int column_warp = column / kWarpWidth;
            T above = Op::identity();
            if (tile_row > 0) {
                std::uint32_t bits = 0;
                while (!b.take_handed(descriptors, handed_word(tile_row, x_column),
                                      handed_word(tile_row - 1, x_column), std::uint32_t(tile_row),
                                      bits))
                    b.back_off();
                above = from_bits<T>(bits);
            }
            T down_to_warp = above;
            for (int w = 0; w < warp_rows; ++w) {
                const int at = w * kSumsPitch + padded_column(column);
                const T warp_sum = sums[at];
                sums[at] = down_to_warp;
                down_to_warp = op(op(down_to_warp, warp_sum), lefts[w * WarpCols + column_warp]);
            }
            const int word = handed_word(tile_row, x_column);
            if (tile_row < 2) descriptors.ready_next_launch(word);
            if (tile_row + 1 < down)
                b.hand_down(descriptors, word, std::uint32_t(tile_row + 1), to_bits(down_to_warp));
        }
        b.sync(0, 0);

        T from_above[Vec];
        for (int v = 0; v < Vec; ++v)
            from_above[v] = sums[warp_row * kSumsPitch + padded_column(warp_x + v)];
        T* to = out + static_cast<long long>(first_row) * width;
        for (int r = 0; r < Rows; ++r, to += width) {
            for (int v = 0; v < Vec; ++v)
                items[r][v] = op(op(from_above[v], left_down[r]), items[r][v]);
            store_consecutive<Vec>(to + x, 0, Vec, items[r]);
        }
    }
};

}  // namespace scanscope::kernels
