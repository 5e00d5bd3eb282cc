// A probe (bench/tune, issue 41, the twenty-sixth session): summed-area-lookback's wide tiles
// (64 x 256, 256 threads) taken by clusters of Cluster tiles side by side along a row. The
// cluster's rank 0 takes the ticket (anti-diagonals over clusters); each block loads and scans its
// tile as the app does; the tiles' row totals meet through distributed shared memory, and only
// rank 0 looks left along each row, over clusters (the chain along a row Cluster times shorter, the
// DRAM a cluster's rows Cluster KiB at a time). Each block takes its columns' words from the tile
// above and hands its last row down as the app does. Floor: nothing read, published or handed down
// (the cluster's own exchange kept). Run: SCANSCOPE_TUNE_WIDE=cluster scanscope_tune_summed_area.
#pragma once

#include <cooperative_groups.h>

#include <cstdint>

#include "core/bits.h"
#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "scan/anti_diagonal_order.h"
#include "scan/row_lookback.h"
#include "scan/summed_area_lookback.h"
#include "scan/warp_scan.h"

namespace scanscope::kernels {

// BlockSync (Cluster 1 only): the block's barriers where the cluster's would be.
template <class T, class Op, int Cluster, bool Floor = false, bool BlockSync = false>
struct SummedAreaClusterTiles {
    static_assert(!BlockSync || Cluster == 1, "a cluster's blocks meet at the cluster's barrier");
    static constexpr int Rows = 16, Vec = 4, WarpCols = 2, kThreads = 256;
    static constexpr int kMaxBlockThreads = 512;  // as the app's (its registers)
    static constexpr int kWarpWidth = 32 * Vec;
    static constexpr int kStripWidth = WarpCols * kWarpWidth;
    static constexpr int kBandRows = kThreads / 32 / WarpCols * Rows;  // 64
    static constexpr int kSumsPitch = kStripWidth + kStripWidth / 32;
    static constexpr bool kPackedDescriptors = true;
    const T* in;
    T* out;
    int width;
    int height;
    // Row y of cluster column c: descriptor c * height + y; the columns' two slots after
    // strips() * height words, as the app's.
    TileDescriptors descriptors;
    int* tile_counter;

    SS_HD int strips() const { return (width + kStripWidth - 1) / kStripWidth; }
    SS_HD int clusters_across() const { return strips() / Cluster; }
    SS_HD int tile_rows() const { return (height + kBandRows - 1) / kBandRows; }
    SS_HD int row_descriptors() const { return strips() * height; }
    SS_HD int words() const { return row_descriptors() + (tile_rows() > 1 ? 2 * width : 0); }
    SS_HD int handed_word(int tile_row, int x) const {
        return row_descriptors() + (tile_row & 1) * width + x;
    }
    SS_HD_INLINE static int padded_column(int column) { return column + column / 32; }
    static std::uint32_t shared_bytes(int threads) {
        const int warps = threads / 32, warp_rows = warps / WarpCols;
        const int row_words = warp_rows * Rows * (WarpCols + 1);
        return std::uint32_t(4 + (warp_rows * kSumsPitch + warps + row_words) * sizeof(T));
    }

    template <class Block>
    __device__ void operator()(Block& b) const {
        namespace cg = cooperative_groups;
        using Line = SummedAreaLookbackLine;
        const Op op;
        const cg::cluster_group cluster = cg::this_cluster();
        const int rank = int(cluster.block_rank());
        const auto cluster_sync = [&] {
            if constexpr (BlockSync) {
                __syncthreads();
            } else {
                cluster.sync();
            }
        };
        // What the cluster's blocks exchange: the tile (rank 0 writes it into each), each tile's
        // row totals (read by the blocks to its right and rank 0), and the rows' left parts of
        // the cluster (rank 0 writes them into each).
        __shared__ int cluster_tile;
        __shared__ T tile_totals[kBandRows];
        __shared__ T cluster_lefts[kBandRows];
        const int warp_rows = b.warps() / WarpCols;
        const int warp_row = b.warp() / WarpCols, warp_col = b.warp() % WarpCols;
        auto sums = shared_memory<T>(b, warp_rows * kSumsPitch);
        auto lefts = shared_memory<T>(b, b.warps());
        auto row_parts = shared_memory<T>(b, warp_rows * Rows * WarpCols);
        auto row_lefts = shared_memory<T>(b, warp_rows * Rows);

        // 1. The cluster's tile, in the order clusters start.
        b.at(Line::TakeStrip);
        if (rank == 0 && b.thread() == 0) {
            const int ticket = b.take_tile(tile_counter);
            const int tile = anti_diagonal_tile(ticket, clusters_across(), tile_rows());
            for (int k = 0; k < Cluster; ++k)
                *cluster.map_shared_rank(&cluster_tile, k) = tile;
        }
        cluster_sync();
        const int tile = cluster_tile;
        const int cluster_col = tile % clusters_across(), tile_row = tile / clusters_across();
        const int strip = cluster_col * Cluster + rank;
        const int first_band = tile_row * kBandRows;
        const int first_row = first_band + warp_row * Rows;
        const int my_row = first_row + b.lane();
        const bool row_lane = b.lane() < Rows && my_row < height;
        const int x = strip * kStripWidth + warp_col * kWarpWidth + b.lane() * Vec;
        const bool whole = x + Vec <= width && width % Vec == 0;

        // 2. The warp's rows, each scanned across the tile.
        T items[Rows][Vec];
        {
            const T* row = in + static_cast<long long>(first_row) * width;
            for (int r = 0; r < Rows; ++r, row += width) {
                if (first_row + r < height) {
                    if (whole) {
                        load_consecutive<Vec>(row + x, 0, Vec, Op::identity(), items[r]);
                    } else {
                        load_consecutive<Vec>(row, x, width, Op::identity(), items[r]);
                    }
                } else {
                    for (int v = 0; v < Vec; ++v)
                        items[r][v] = Op::identity();
                }
            }
        }
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

        // 3. Down the warp's rows; the warp's column sums to shared memory.
        for (int r = 1; r < Rows; ++r)
            for (int v = 0; v < Vec; ++v)
                items[r][v] = op(items[r - 1][v], items[r][v]);
        const int warp_x = warp_col * kWarpWidth + b.lane() * Vec;
        for (int v = 0; v < Vec; ++v)
            sums[warp_row * kSumsPitch + padded_column(warp_x + v)] = items[Rows - 1][v];

        // 4. The row's parts in the tile's warps, then the tile's row totals across the cluster:
        //    rank 0 sums them, publishes the cluster's and looks left over clusters; each block
        //    adds the tiles left of it in the cluster.
        const int row = warp_row * Rows + b.lane();
        if (b.lane() < Rows) row_parts[warp_col * kBandRows + row] = my_total;
        b.sync(Line::ScanRows, first_band);
        T before = Op::identity(), total = Op::identity();
        if (row_lane) {
            for (int c = 0; c < WarpCols; ++c) {
                const T part = row_parts[c * kBandRows + row];
                if (c < warp_col) before = op(before, part);
                total = op(total, part);
            }
            if (warp_col == 0) tile_totals[row] = total;
        }
        cluster_sync();
        if (row_lane && warp_col == 0) {
            T in_cluster = Op::identity();  // the tiles left of this one in the cluster
            T cluster_total = Op::identity();
            for (int k = 0; k < (rank == 0 ? Cluster : rank); ++k) {  // rank 0 reads them all
                const T part = k == rank ? total : *cluster.map_shared_rank(&tile_totals[row], k);
                if (k < rank) in_cluster = op(in_cluster, part);
                cluster_total = op(cluster_total, part);
            }
            row_lefts[row] = in_cluster;
            if (rank == 0) {
                T left = Op::identity();
                if constexpr (Floor) {  // the tile counter readied all the same
                    descriptors.ready_next_launch(row_descriptor(cluster_col, my_row, height));
                } else {
                    publish_row_total(b, descriptors, cluster_col, my_row, height, cluster_total);
                    left = look_left_along_row<Op, 4>(b, descriptors, cluster_col, my_row, height,
                                                      cluster_total);
                }
                for (int k = 0; k < Cluster; ++k)
                    *cluster.map_shared_rank(&cluster_lefts[row], k) = left;
            }
        }
        cluster_sync();  // no block reads another's shared memory after this
        T left = Op::identity();
        if (row_lane) left = op(op(cluster_lefts[row], row_lefts[row]), before);
        T left_down[Rows];
        T warp_lefts = Op::identity();
        for (int r = 0; r < Rows; ++r) {
            warp_lefts = op(warp_lefts, b.shfl(left, r));
            left_down[r] = warp_lefts;
        }
        if (b.lane() == 0) lefts[b.warp()] = warp_lefts;
        b.sync(Line::AddWarps, first_band);

        // 5. A thread a column: the tile above's last row, handed down; added down the warps;
        //    this tile's last row handed to the tile below.
        {
            const int column = b.thread();
            const int x_column = strip * kStripWidth + column;
            const int column_warp = column / kWarpWidth;
            T above = Op::identity();
            if (!Floor && tile_row > 0 && x_column < width) {
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
            if (!Floor && tile_rows() > 1 && x_column < width) {
                const int word = handed_word(tile_row, x_column);
                if (tile_row < 2) descriptors.ready_next_launch(word);
                if (tile_row + 1 < tile_rows())
                    b.hand_down(descriptors, word, std::uint32_t(tile_row + 1),
                                to_bits(down_to_warp));
            }
        }
        b.sync(Line::Columns, first_band);

        // 6. Each row gets what is above it and left of it, and is stored.
        T from_above[Vec];
        for (int v = 0; v < Vec; ++v)
            from_above[v] = sums[warp_row * kSumsPitch + padded_column(warp_x + v)];
        T* out_row = out + static_cast<long long>(first_row) * width;
        for (int r = 0; r < Rows && first_row + r < height; ++r, out_row += width) {
            for (int v = 0; v < Vec; ++v)
                items[r][v] = op(op(from_above[v], left_down[r]), items[r][v]);
            if (whole) {
                store_consecutive<Vec>(out_row + x, 0, Vec, items[r]);
            } else {
                store_consecutive<Vec>(out_row, x, width, items[r]);
            }
        }
    }
};

}  // namespace scanscope::kernels
