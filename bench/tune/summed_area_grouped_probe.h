// A probe (SCANSCOPE_TUNE_WIDE=grouped, -anti): summed-area-lookback.h's kernel as it is, with
// one change in its wide tiles' step 4: a row's part left of a tile found by groups, without the
// decoupled look-back's walk along the row. The strips of a row of tiles are in groups of Group;
// a tile adds the row totals of the tiles before it in its group (lanes 0 to Rows - 1 of the left
// warps, read at once), the group's last tile publishes the group's totals, and lanes Rows to
// 2 Rows - 1 add the totals of the groups before it (read at once): every read waits only for
// aggregates. Group 0 is the app's look-back (a check that the copy times as the app).
// RowAfterRow: tile = ticket, else the app's anti-diagonals.
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

struct SummedAreaGroupedLine {
    enum : std::uint16_t { TakeStrip = 80, ScanRows = 81, AddWarps = 82, Columns = 83 };
};

// The table is `width` entries wide and `height` high, row after row. A look-back reads Ahead
// descriptors at once. A tile is WarpCols warps wide (timed tiles only).
template <class T, class Op, int Rows, int Vec, bool Tiles, int Ahead, int WarpCols, int Group,
          bool RowAfterRow>
struct SummedAreaGrouped {
    static_assert(WarpCols == 1 || Tiles, "warps side by side only in the timed tiles");
    static constexpr int kItems = Rows * Vec;                       // per thread and band
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
    static constexpr int kWarpWidth = 32 * Vec;
    static constexpr int kStripWidth = WarpCols * kWarpWidth;
    // Whether the tile above hands each column down (wide tiles) rather than a look-back up it.
    static constexpr bool kHandDown = WarpCols > 1;
    // A row of warps' column sums, one word a column, padded by a word every 32 columns: a lane's
    // Vec consecutive columns (one store each) and a warp of consecutive columns both meet 32
    // banks.
    static constexpr int kSumsPitch = kStripWidth + kStripWidth / 32;
    static constexpr bool kPackedDescriptors = true;  // a strip's rows side by side
    const T* in;
    T* out;
    int width;
    int height;
    // Row y of strip s: descriptor s * height + y. With tiles, column x of tile row i too:
    // descriptor row_descriptors() + i * width + x; or, handed down, the word of column x in slot
    // i % 2: row_descriptors() + i % 2 * width + x.
    TileDescriptors descriptors;
    int* tile_counter;  // the tiles; zero before the launch (as TileDescriptors says)

    SS_HD int strips() const { return (width + kStripWidth - 1) / kStripWidth; }
    SS_HD int row_descriptors() const { return strips() * height; }
    // The tile rows: the bands, or the whole strip.
    SS_HD int tile_rows(int threads) const {
        const int band_rows = (threads + 31) / 32 / WarpCols * Rows;
        return Tiles ? (height + band_rows - 1) / band_rows : 1;
    }
    // The columns' words after the rows': a descriptor for each column of each row of tiles, or
    // the two slots handed down through.
    SS_HD int column_words(int threads) const {
        const int rows = tile_rows(threads);
        return rows > 1 ? (kHandDown ? 2 : rows) * width : 0;
    }
    SS_HD int handed_word(int tile_row, int x) const {
        return row_descriptors() + (tile_row & 1) * width + x;
    }
    SS_HD int groups() const { return Group > 0 ? (strips() + Group - 1) / Group : 0; }
    SS_HD int group_word(int group, int y) const {
        return row_descriptors() + 2 * width + group * height + y;
    }
    SS_HD int words(int threads) const {
        return row_descriptors() + column_words(threads) + groups() * height;
    }
    static constexpr int kReadsAtOnce = 8;
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
    SS_HD_INLINE static int padded_column(int column) { return column + column / 32; }
    // The strip's number, then each row of warps' column sums and the left parts of each warp's
    // rows (wide tiles: and each row's parts in its warps, and its left part).
    static std::uint32_t shared_bytes(int threads) {
        const int warps = (threads + 31) / 32, warp_rows = warps / WarpCols;
        const int row_words = WarpCols > 1 ? warp_rows * Rows * (WarpCols + 1) : 0;
        return std::uint32_t(4 + (warp_rows * kSumsPitch + warps + row_words) * sizeof(T));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = SummedAreaGroupedLine;
        const Op op;
        auto strip_slot = shared_memory<int>(b, 1);
        // sums[w * kSumsPitch + padded_column(c)]: row of warps w's rows of the band added down
        // column c, then (in place) what they add to column c from above: the bands above, the
        // warps above and the left parts of their rows. Three barriers a band: after the warps'
        // sums, after the column threads, and before the next band's sums (wide tiles: two more,
        // after each row's parts and after its left part).
        const int warp_rows = b.warps() / WarpCols;
        const int warp_row = b.warp() / WarpCols, warp_col = b.warp() % WarpCols;
        auto sums = shared_memory<T>(b, warp_rows * kSumsPitch);
        // lefts[w]: the left parts of warp w's rows, added (wide tiles: with what the warps left
        // of it add to each row).
        auto lefts = shared_memory<T>(b, b.warps());
        // Wide tiles: row_parts[c * band_rows + row], the row's sum in warp column c (a warp's
        // rows side by side, so that its lanes meet distinct banks); row_lefts, each row's left
        // part.
        auto row_parts = shared_memory_if<(WarpCols > 1), T>(b, warp_rows * Rows * WarpCols);
        auto row_lefts = shared_memory_if<(WarpCols > 1), T>(b, warp_rows * Rows);

        // 1. The next tile, in the order blocks start.
        b.at(Line::TakeStrip);
        if (b.thread() == 0) {
            const int ticket = b.take_tile(tile_counter);
            strip_slot[0] =
                Tiles && !RowAfterRow
                    ? anti_diagonal_tile(ticket, strips(), tile_rows(b.threads()))
                    : ticket;
        }
        const int band_rows = warp_rows * Rows;
        b.sync(Line::ScanRows, 0);
        const int tile = strip_slot[0];
        const int strip = Tiles ? tile % strips() : tile, tile_row = Tiles ? tile / strips() : 0;
        const bool tiles_above = tile_rows(b.threads()) > 1;  // a look-back up the columns
        const int first_band = Tiles ? tile_row * band_rows : 0;
        const int end_band =
            Tiles && first_band + band_rows < height ? first_band + band_rows : height;
        // The lane's first column.
        const int x = strip * kStripWidth + warp_col * kWarpWidth + b.lane() * Vec;
        // Where each of the lane's rows starts is one step of `width` from the last; a lane whose
        // Vec columns are all in the table, in rows of a whole number of vectors, needs no check
        // but the row's (the GPU's vector accesses then stay aligned).
        const bool whole = x + Vec <= width && width % Vec == 0;

        // A warp's rows of the strip from `first_row`, each lane Vec consecutive entries of each.
        const auto load_rows = [&](int first_row, T(&rows)[Rows][Vec]) {
            const T* row = in + static_cast<long long>(first_row) * width;
            for (int r = 0; r < Rows; ++r, row += width) {
                if (first_row + r < height) {
                    if (whole) {
                        load_consecutive<Vec>(row + x, 0, Vec, Op::identity(), rows[r]);
                    } else {
                        load_consecutive<Vec>(row, x, width, Op::identity(), rows[r]);
                    }
                } else {
                    for (int v = 0; v < Vec; ++v)
                        rows[r][v] = Op::identity();
                }
            }
        };
        // Thread t adds columns t, t + threads, ... of the strip down the warps (one column, where
        // the block has a thread for each); above[i]: the bands done, added down its i-th column
        // (a tile: the tiles above, from the look-back up the column).
        T above[Vec];
        for (int i = 0; i < Vec; ++i)
            above[i] = Op::identity();
        // A strip: the next band's rows, on their way while this band is worked on (a tile's one
        // band comes straight into its items: two bands would not fit two blocks an SM).
        T next[Rows][Vec];
        if constexpr (!Tiles) load_rows(first_band + warp_row * Rows, next);
        for (int band = first_band; band < end_band; band += band_rows) {
            if (band > first_band) b.sync(Line::ScanRows, band);
            const int first_row = band + warp_row * Rows;
            const int my_row = first_row + b.lane();  // lanes below Rows: a row each
            const bool row_lane = b.lane() < Rows && my_row < height;

            // 2. Each warp takes its rows of the band (a strip's loaded one band ahead, and asks
            //    for the next band's); it scans each row across the strip (shuffles).
            T items[Rows][Vec];
            if constexpr (Tiles) {
                load_rows(first_row, items);
            } else {
                for (int r = 0; r < Rows; ++r)
                    for (int v = 0; v < Vec; ++v)
                        items[r][v] = next[r][v];
                if (band + band_rows < end_band) load_rows(first_row + band_rows, next);
            }
            T my_total = Op::identity();
            for (int r = 0; r < Rows; ++r) {
                T lane_total = items[r][0];
                for (int v = 1; v < Vec; ++v)
                    lane_total = op(lane_total, items[r][v]);
                const T in_row = warp_inclusive_scan<Op>(b, lane_total);
                const T before_in_row = b.shfl_up(in_row, 1);  // lane 0 gets its own: unused
                const T row_total = b.shfl(in_row, 31);
                if (b.lane() == r) my_total = row_total;
                T before = b.lane() == 0 ? Op::identity() : before_in_row;
                for (int v = 0; v < Vec; ++v) {
                    before = op(before, items[r][v]);
                    items[r][v] = before;
                }
            }

            // 3. Down the warp's rows, in registers; the warp's column sums go to shared memory,
            //    and lane r publishes row r's total. (Publishing first would leave lanes apart at
            //    the shared store, which the GPU then splits in two.)
            for (int r = 1; r < Rows; ++r)
                for (int v = 0; v < Vec; ++v)
                    items[r][v] = op(items[r - 1][v], items[r][v]);
            const int warp_x = warp_col * kWarpWidth + b.lane() * Vec;  // in the strip
            for (int v = 0; v < Vec; ++v)
                sums[warp_row * kSumsPitch + padded_column(warp_x + v)] = items[Rows - 1][v];
            T left = Op::identity();
            if constexpr (WarpCols == 1) {
                if (row_lane) publish_row_total(b, descriptors, strip, my_row, height, my_total);

                // 4. Meanwhile the strips to the left have published: lane r looks left along row
                //    r. Row r's left part is added to its entries and to those of every row below.
                if (row_lane)
                    left = look_left_along_row<Op, Ahead>(b, descriptors, strip, my_row, height,
                                                          my_total);
            } else {
                // 4. Wide tiles: a row's parts meet in shared memory; lane r of the warp at the
                //    left publishes row r's total and looks left along it; each warp's rows then
                //    get their left parts and what the warps left of it add.
                const int row = warp_row * Rows + b.lane();
                if (b.lane() < Rows) row_parts[warp_col * band_rows + row] = my_total;
                b.sync(Line::ScanRows, band);
                T before = Op::identity(), total = Op::identity();
                if (row_lane) {
                    for (int c = 0; c < WarpCols; ++c) {
                        const T part = row_parts[c * band_rows + row];
                        if (c < warp_col) before = op(before, part);
                        total = op(total, part);
                    }
                }
                if constexpr (Group == 0) {
                    if (row_lane && warp_col == 0) {
                        publish_row_total(b, descriptors, strip, my_row, height, total);
                        row_lefts[row] = look_left_along_row<Op, Ahead>(b, descriptors, strip,
                                                                        my_row, height, total);
                    }
                } else if (warp_col == 0) {
                    // Lanes below Rows: the tiles before this one in its group; the others (row
                    // lane - Rows): the groups before it.
                    const int r_lane = b.lane() & (Rows - 1), y = first_row + r_lane;
                    const int me = row_descriptor(strip, y, height);
                    const int group = strip / Group, group_start = group * Group;
                    T found = Op::identity();
                    if (y < height) {
                        if (b.lane() < Rows) {
                            publish_row_total(b, descriptors, strip, y, height, total);
                            found = add_up(b, me, group_start, strip,
                                           [&](int c) { return row_descriptor(c, y, height); });
                            if (strip == group_start + Group - 1 && strip + 1 < strips()) {
                                const int word = group_word(group, y);
                                descriptors.ready_next_launch(word);
                                b.publish(descriptors, word, TileStatus::Aggregate,
                                          to_bits(op(found, total)));
                            }
                        } else {
                            found = add_up(b, me, 0, group,
                                           [&](int g) { return group_word(g, y); });
                        }
                    }
                    const T groups_before = b.shfl(found, r_lane + Rows);
                    if (row_lane) row_lefts[row] = op(groups_before, found);
                }
                b.sync(Line::ScanRows, band);
                if (row_lane) left = op(row_lefts[row], before);
            }
            T left_down[Rows];  // left parts of the warp's rows, added down to row r
            T warp_lefts = Op::identity();
            for (int r = 0; r < Rows; ++r) {
                warp_lefts = op(warp_lefts, b.shfl(left, r));
                left_down[r] = warp_lefts;
            }
            if (b.lane() == 0) lefts[b.warp()] = warp_lefts;
            b.sync(Line::AddWarps, band);

            // 5. A thread a column adds it down the warps: what each warp's rows add to it from
            //    above (the bands above, the warps above and their rows' left parts) replaces the
            //    warp's sum, and the band's total is kept for the band below. A tile first
            //    publishes its sum of the column and looks up the column, over the tiles above.
            for (int i = 0; i < Vec; ++i) {
                const int column = b.thread() + i * b.threads();
                if (column >= kStripWidth) break;
                const int x_column = strip * kStripWidth + column;
                const int column_warp = column / kWarpWidth;  // its warp in each row of warps
                if constexpr (kHandDown) {
                    // Wide tiles: the tile above's last row, handed down (tagged tile_row).
                    if (tile_row > 0 && x_column < width) {
                        std::uint32_t bits = 0;
                        while (!b.take_handed(descriptors, handed_word(tile_row, x_column),
                                              handed_word(tile_row - 1, x_column),
                                              std::uint32_t(tile_row), bits))
                            b.back_off();
                        above[i] = from_bits<T>(bits);
                    }
                } else if (Tiles && tiles_above && x_column < width) {
                    T tile_sum = Op::identity();
                    for (int w = 0; w < b.warps(); ++w)
                        tile_sum = op(op(tile_sum, sums[w * kSumsPitch + padded_column(column)]),
                                      lefts[w]);
                    publish_row_total(b, descriptors, tile_row, x_column, width, tile_sum,
                                      row_descriptors());
                    above[i] = look_left_along_row<Op, Ahead>(b, descriptors, tile_row, x_column,
                                                              width, tile_sum, row_descriptors());
                }
                T down_to_warp = above[i];
                for (int w = 0; w < warp_rows; ++w) {
                    const int at = w * kSumsPitch + padded_column(column);
                    const T warp_sum = sums[at];
                    sums[at] = down_to_warp;
                    down_to_warp =
                        op(op(down_to_warp, warp_sum), lefts[w * WarpCols + column_warp]);
                }
                above[i] = down_to_warp;
                if constexpr (kHandDown) {
                    // ... and this tile's last row, handed to the tile below (the next launch's
                    // two slots readied by the first two rows of tiles; one row of tiles has
                    // none).
                    if (tiles_above && x_column < width) {
                        const int word = handed_word(tile_row, x_column);
                        if (tile_row < 2) descriptors.ready_next_launch(word);
                        if (tile_row + 1 < tile_rows(b.threads()))
                            b.hand_down(descriptors, word, std::uint32_t(tile_row + 1),
                                        to_bits(down_to_warp));
                    }
                }
            }
            b.sync(Line::Columns, band);

            // 6. Each row gets what is above it and left of it, and is stored.
            T from_above[Vec];
            for (int v = 0; v < Vec; ++v)
                from_above[v] = sums[warp_row * kSumsPitch + padded_column(warp_x + v)];
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
            if constexpr (Tiles) break;  // a tile is one band
        }
    }
};

}  // namespace scanscope::kernels
