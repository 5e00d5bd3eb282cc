// A probe (SCANSCOPE_TUNE_WIDE=wavefront): summed-area-lookback's wide tiles (64 x 256, 256
// threads) with one look a tile, not two. Tile (i, j), columns x0.. and rows y0..:
//   S(x, y) = R(y) + A(x) + L(x, y)
// L the tile's own table; A(x) the strip's own entries above the tile (rows < y0, columns x0..x:
// nothing left of the strip), handed down the strip as the app hands S; R(y) = S(x0 - 1, y), the
// table's entry left of the tile, handed right by the tile to the left (its last column). The
// tile asks for its 256 column words and 64 row words together, after its loads and row scans:
// one round trip to the L2, where the app makes two one after the other (its look along the rows,
// then the words from above, which need the rows). Rings of two slots both ways, tagged with the
// receiving tile's row or strip; an exchange writes each word (GpuBlock::hand_down says why).
// DownFirst: the column threads hand down before the row words are waited for, so that the chain
// down the strips waits for nothing to the left (the rows' chain still waits for both).
// Tables whose width is a multiple of 256 and height of 64 only.
#pragma once

#include <cstdint>

#include "core/bits.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/anti_diagonal_order.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

template <class T, class Op, bool DownFirst = false>
struct SummedAreaWavefront {
    static constexpr int Rows = 16, Vec = 4, WarpCols = 2;
    static constexpr int kWarpWidth = 32 * Vec, kStripWidth = WarpCols * kWarpWidth;
    static constexpr int kMaxBlockThreads = 512;  // as the app's: 128 registers
    static constexpr bool kPackedDescriptors = true;
    static constexpr int kSumsPitch = kStripWidth + kStripWidth / 32;
    const T* in;
    T* out;
    int width;
    int height;
    TileDescriptors descriptors;
    int* tile_counter;

    SS_HD int strips() const { return width / kStripWidth; }
    SS_HD int tile_rows(int threads) const { return height / (threads / 32 / WarpCols * Rows); }
    // The row ring (a word a row of the table in each slot), then the column ring.
    SS_HD int row_word(int to_strip, int y) const { return (to_strip & 1) * height + y; }
    SS_HD int column_word(int to_row, int x) const { return 2 * height + (to_row & 1) * width + x; }
    SS_HD int words() const { return 2 * height + 2 * width; }
    SS_HD_INLINE static int padded_column(int column) { return column + column / 32; }
    static std::uint32_t shared_bytes(int threads) {
        const int warp_rows = threads / 32 / WarpCols;
        return std::uint32_t(4 + (warp_rows * kSumsPitch + warp_rows * Rows * (WarpCols + 1)) *
                                     sizeof(T));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        const Op op;
        auto tile_slot = shared_memory<int>(b, 1);
        const int warp_rows = b.warps() / WarpCols;
        const int warp_row = b.warp() / WarpCols, warp_col = b.warp() % WarpCols;
        auto sums = shared_memory<T>(b, warp_rows * kSumsPitch);
        auto row_parts = shared_memory<T>(b, warp_rows * Rows * WarpCols);
        auto row_lefts = shared_memory<T>(b, warp_rows * Rows);
        const int band_rows = warp_rows * Rows;
        const int across = strips(), down = tile_rows(b.threads());

        if (b.thread() == 0) {
            const int ticket = b.take_tile(tile_counter);
            if (ticket == 0) descriptors.ready_next_launch(0);  // the next launch's counter
            tile_slot[0] = anti_diagonal_tile(ticket, across, down);
        }
        b.sync(0, 0);
        const int tile = tile_slot[0];
        const int strip = tile % across, tile_row = tile / across;
        const int y0 = tile_row * band_rows, first_row = y0 + warp_row * Rows;
        const int x = strip * kStripWidth + warp_col * kWarpWidth + b.lane() * Vec;

        T items[Rows][Vec];
        const T* row = in + static_cast<long long>(first_row) * width;
        for (int r = 0; r < Rows; ++r, row += width)
            load_consecutive<Vec>(row + x, 0, Vec, Op::identity(), items[r]);
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
        // The rows' parts in the warps side by side meet; each row gets its part left of the warp,
        // then the warp adds down its rows: items holds L less the warps above.
        const int my_row = warp_row * Rows + b.lane();
        if (b.lane() < Rows) row_parts[warp_col * band_rows + my_row] = my_total;
        b.sync(1, 0);
        T before = Op::identity();
        if (b.lane() < Rows)
            for (int c = 0; c < warp_col; ++c)
                before = op(before, row_parts[c * band_rows + my_row]);
        for (int r = 0; r < Rows; ++r) {
            const T part = b.shfl(before, r);
            for (int v = 0; v < Vec; ++v) {
                items[r][v] = op(part, items[r][v]);
                if (r > 0) items[r][v] = op(items[r - 1][v], items[r][v]);
            }
        }
        const int warp_x = warp_col * kWarpWidth + b.lane() * Vec;
        for (int v = 0; v < Vec; ++v)
            sums[warp_row * kSumsPitch + padded_column(warp_x + v)] = items[Rows - 1][v];
        b.sync(2, 0);

        // The one look: thread c takes column c's word from the tile above, threads below 64 the
        // row words from the tile to the left, both asked for before either is waited on.
        const int column = b.thread(), x_column = strip * kStripWidth + column;
        const bool row_thread = column < band_rows;
        bool need_above = tile_row > 0, need_left = strip > 0 && row_thread && !DownFirst;
        std::uint32_t above_bits = 0, left_bits = 0;
        const auto take = [&] {
            while (need_above || need_left) {
                const bool got_above =
                    need_above && b.take_handed(descriptors, column_word(tile_row, x_column),
                                                column_word(tile_row, x_column),
                                                std::uint32_t(tile_row), above_bits);
                const bool got_left =
                    need_left &&
                    b.take_handed(descriptors, row_word(strip, y0 + column),
                                  row_word(strip, y0 + column), std::uint32_t(strip), left_bits);
                need_above = need_above && !got_above;
                need_left = need_left && !got_left;
                if (need_above || need_left) b.back_off();
            }
        };
        take();
        T down_to_warp = from_bits<T>(above_bits);
        for (int w = 0; w < warp_rows; ++w) {
            const int at = w * kSumsPitch + padded_column(column);
            const T warp_sum = sums[at];
            sums[at] = down_to_warp;
            down_to_warp = op(down_to_warp, warp_sum);
        }
        // A for the tile below; the first two rows of tiles ready the next launch's slots, the
        // first two strips the row ring's.
        if (tile_row < 2) descriptors.ready_next_launch(column_word(tile_row + 1, x_column));
        if (tile_row + 1 < down)
            b.hand_down(descriptors, column_word(tile_row + 1, x_column),
                        std::uint32_t(tile_row + 1), to_bits(down_to_warp));
        if (strip < 2 && row_thread)
            descriptors.ready_next_launch(row_word(strip + 1, y0 + column));
        if constexpr (DownFirst) {
            need_left = strip > 0 && row_thread;
            take();
        }
        if (row_thread) row_lefts[column] = from_bits<T>(left_bits);
        b.sync(3, 0);

        T from_above[Vec];
        for (int v = 0; v < Vec; ++v)
            from_above[v] = sums[warp_row * kSumsPitch + padded_column(warp_x + v)];
        for (int r = 0; r < Rows; ++r) {
            const T left = row_lefts[warp_row * Rows + r];
            for (int v = 0; v < Vec; ++v)
                items[r][v] = op(op(left, from_above[v]), items[r][v]);
        }
        // The tile's last column to the tile on the right, before the stores.
        if (warp_col == WarpCols - 1 && strip + 1 < across) {
            T mine = Op::identity();
            for (int r = 0; r < Rows; ++r) {
                const T last = b.shfl(items[r][Vec - 1], 31);
                if (b.lane() == r) mine = last;
            }
            if (b.lane() < Rows)
                b.hand_down(descriptors, row_word(strip + 1, first_row + b.lane()),
                            std::uint32_t(strip + 1), to_bits(mine));
        }
        T* out_row = out + static_cast<long long>(first_row) * width;
        for (int r = 0; r < Rows; ++r, out_row += width)
            store_consecutive<Vec>(out_row + x, 0, Vec, items[r]);
    }
};

}  // namespace scanscope::kernels
