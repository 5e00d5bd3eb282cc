// A one-off probe (issue 41, 2026-11-27): summed-area-lookback's kernel of commit 49ccfd3, copied
// with switches (Mask) that leave parts out, timed beside the copy of the table and the kernel
// itself; the results are in bench/tuning.md ("what the look-back costs"). Results of a Mask other
// than 0 are wrong by design. Not built by CMake; in build-tests (a CUDA build), for example:
//   nvcc -O3 -std=c++17 --expt-relaxed-constexpr -DSCANSCOPE_HAVE_CUDA=1 -arch=sm_90
//        -Ikernels -Ibench/tune bench/tune/ablate_summed_area.cu build/kernels/libscanscope_kernels.a
//   W=16384 ./a.out --sizes 26,27,28,29 --reps 20      (W: the table's width; square without)
// Mask: 1 no look-back along the rows (the row totals still published), 2 no warp scans of the
// rows, 4 no column threads, 8 no stores, 16 no loads after the first band, 32 stores through
// shared memory by bulk copies (cp.async.bulk), 64 loads through a ring of three bands (cp.async).
#include "core/ops.h"
#include "probe_timer.cuh"
#include "bulk_copy.cuh"
#include "core/async_copy.h"
#include "variants/drivers.h"
#include "scan/summed_area_lookback.h"
namespace scanscope {
using namespace kernels;
int g_width = 0;
template <class T, class Op, int Rows, int Vec, int Ahead, int Mask>
struct SatAblate {
    static constexpr int kItems = Rows * Vec;                       // per thread and band
    static constexpr int kMaxBlockThreads = kItems > 16 ? 512 : 0;  // 0: no bound
    static constexpr int kStripWidth = 32 * Vec;
    // A warp's column sums, one word a column, padded by a word every 32 columns: a lane's Vec
    // consecutive columns (one store each) and a warp of consecutive columns both meet 32 banks.
    static constexpr int kSumsPitch = kStripWidth + Vec;
    static constexpr bool kPackedDescriptors = true;  // a strip's rows side by side
    const T* in;
    T* out;
    int width;
    int height;
    TileDescriptors descriptors;  // row y of strip s: descriptor s * height + y
    int* tile_counter;            // the strips; zero before the launch (as TileDescriptors says)

    SS_HD int strips() const { return (width + kStripWidth - 1) / kStripWidth; }
    SS_HD_INLINE static int padded_column(int column) { return column + column / 32; }
    // The strip's number, then each warp's column sums and the left parts of its rows.
    static std::uint32_t shared_bytes(int threads) {
        const int warps = (threads + 31) / 32;
        return std::uint32_t(4 + (warps * kSumsPitch + warps) * sizeof(T) + ((Mask & 32) ? 16 + warps * Rows * kStripWidth * sizeof(T) : 0) + ((Mask & 64) ? 16 + 3 * warps * Rows * kStripWidth * sizeof(T) : 0));
    }

    template <class Block>
    SS_HD void operator()(Block& b) const {
        using Line = kernels::SummedAreaLookbackLine;
        const Op op;
        auto strip_slot = shared_memory<int>(b, 1);
        // sums[w * kSumsPitch + padded_column(c)]: warp w's rows of the band added down column c,
        // then (in place) what warp w's rows add to column c from above: the bands above, the
        // warps above and the left parts of their rows.
        auto sums = shared_memory<T>(b, b.warps() * kSumsPitch);
        // lefts[w]: the left parts of warp w's rows, added.
        auto lefts = shared_memory<T>(b, b.warps());
        auto pad = shared_memory<int>(b, (Mask & 32) ? 3 : 0);
        auto stage = shared_memory<T>(b, (Mask & 32) ? b.warps() * Rows * kStripWidth : 0);
        (void)pad;
        auto pad2 = shared_memory<int>(b, (Mask & 64) ? 3 : 0);
        (void)pad2;
        constexpr int kStages = 3;
        auto ring = shared_memory<T>(b, (Mask & 64) ? kStages * b.warps() * Rows * kStripWidth : 0);

        // 1. The next strip, in the order blocks start.
        b.at(Line::TakeStrip);
        if (b.thread() == 0) strip_slot[0] = b.take_tile(tile_counter);
        const int band_rows = b.warps() * Rows;
        b.sync(Line::ScanRows, 0);
        const int strip = strip_slot[0];
        const int x = strip * kStripWidth + b.lane() * Vec;  // the lane's first column
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
        // The columns this thread adds down the warps (the threads of the first 32 * Vec / 32
        // warps a column each, or fewer where the block is smaller than the strip is wide), and
        // the bands above added down each of them.
        T above[Vec];
        for (int i = 0; i < Vec; ++i)
            above[i] = Op::identity();
        T next[Rows][Vec];  // the next band's rows, on their way while this band is worked on
        const auto ring_at = [&](int slot, int r) { return ((slot * b.warps() + b.warp()) * Rows + r) * kStripWidth + b.lane() * Vec; };
        const auto copy_band = [&](int slot, int first_row) {
            for (int r = 0; r < Rows; ++r)
                if (first_row + r < height)
                    copy_ahead<Vec>(b, ring, ring_at(slot, r), in + static_cast<long long>(first_row + r) * width, x, width, Op::identity());
            copies_sent(b);
        };
        if constexpr ((Mask & 64) != 0) {
            for (int s = 0; s + 1 < kStages; ++s) copy_band(s, s * band_rows + b.warp() * Rows);
        } else {
            load_rows(b.warp() * Rows, next);
        }
        for (int band = 0; band < height; band += band_rows) {
            if (band > 0) b.sync(Line::ScanRows, band);
            const int first_row = band + b.warp() * Rows;
            const int my_row = first_row + b.lane();  // lanes below Rows: a row each
            const bool row_lane = b.lane() < Rows && my_row < height;

            // 2. Each warp takes its rows of the band (loaded one band ahead) and asks for the
            //    next band's; it scans each row across the strip (shuffles).
            T items[Rows][Vec];
            if constexpr ((Mask & 64) != 0) {
                const int k = band / band_rows;
                copy_band((k + kStages - 1) % kStages, first_row + (kStages - 1) * band_rows);
                wait_for_copies<kStages - 1>(b);
                for (int r = 0; r < Rows; ++r) {
                    if (first_row + r < height) read_consecutive<Vec>(b, ring, ring_at(k % kStages, r), items[r]);
                    else for (int v = 0; v < Vec; ++v) items[r][v] = Op::identity();
                }
            } else {
            for (int r = 0; r < Rows; ++r)
                for (int v = 0; v < Vec; ++v)
                    items[r][v] = next[r][v];
            if (!(Mask & 16) && band + band_rows < height) load_rows(first_row + band_rows, next);
            }
            T my_total = Op::identity();
            for (int r = 0; r < Rows; ++r) {
                T lane_total = items[r][0];
                for (int v = 1; v < Vec; ++v)
                    lane_total = op(lane_total, items[r][v]);
                const T in_row = (Mask & 2) ? lane_total : warp_inclusive_scan<Op>(b, lane_total);
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
            for (int v = 0; v < Vec; ++v)
                sums[b.warp() * kSumsPitch + padded_column(b.lane() * Vec + v)] =
                    items[Rows - 1][v];
            if (row_lane) publish_row_total(b, descriptors, strip, my_row, height, my_total);

            // 4. Meanwhile the strips to the left have published: lane r looks left along row r.
            //    Row r's left part is added to its entries and to those of every row below it.
            T left = Op::identity();
            if (!(Mask & 1) && row_lane)
                left =
                    look_left_along_row<Op, Ahead>(b, descriptors, strip, my_row, height, my_total);
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
            //    warp's sum, and the band's total is kept for the band below.
            for (int i = 0; i < ((Mask & 4) ? 0 : Vec); ++i) {
                const int column = b.thread() + i * b.threads();
                if (column >= kStripWidth) break;
                T from_above = above[i];
                for (int w = 0; w < b.warps(); ++w) {
                    const int at = w * kSumsPitch + padded_column(column);
                    const T warp_sum = sums[at];
                    sums[at] = from_above;
                    from_above = op(op(from_above, warp_sum), lefts[w]);
                }
                above[i] = from_above;
            }
            b.sync(Line::Columns, band);

            // 6. Each row gets what is above it and left of it, and is stored.
            T from_above[Vec];
            for (int v = 0; v < Vec; ++v)
                from_above[v] = sums[b.warp() * kSumsPitch + padded_column(b.lane() * Vec + v)];
            T* row = out + static_cast<long long>(first_row) * width;
            if constexpr ((Mask & 32) != 0 && !Block::recording) {
                T* mine = stage.unrecorded_address(b.warp() * Rows * kStripWidth);
                if (b.lane() == 0) bulk::bulk_stores_read<0>();
                __syncwarp();
                for (int r = 0; r < Rows; ++r) {
                    for (int v = 0; v < Vec; ++v)
                        items[r][v] = op(op(from_above[v], left_down[r]), items[r][v]);
                    *reinterpret_cast<uint4*>(mine + r * kStripWidth + b.lane() * Vec) = make_uint4(items[r][0], items[r][1], items[r][2], items[r][3]);
                }
                asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
                __syncwarp();
                if (b.lane() == 0)
                    for (int r = 0; r < Rows && first_row + r < height; ++r, row += width)
                        bulk::bulk_store(row + strip * kStripWidth, mine + r * kStripWidth, kStripWidth * sizeof(T));
                continue;
            }
            for (int r = 0; r < Rows && first_row + r < height; ++r, row += width) {
                for (int v = 0; v < Vec; ++v)
                    items[r][v] = op(op(from_above[v], left_down[r]), items[r][v]);
                if (Mask & 8) continue;
                if (whole) {
                    store_consecutive<Vec>(row + x, 0, Vec, items[r]);
                } else {
                    store_consecutive<Vec>(row, x, width, items[r]);
                }
            }
        }
        if constexpr ((Mask & 32) != 0 && !Block::recording) {
            if (b.lane() == 0) bulk::bulk_stores_read<0>();
        }
    }
};


template <int Rows, int Vec, int Mask>
void row(int log_n, int reps, int* in, int* out, double copy_ms) {
    using Table = SatAblate<int, AddOp<int>, Rows, Vec, 4, Mask>;
    RunRequest r; r.variant = "summed-area-lookback"; r.n = 1 << log_n; r.width = g_width ? g_width : 1 << (log_n / 2); r.shape = KernelShape::Timed;
    const double ms = time_driver(reps, [&](GpuLauncher& l) {
        const int width = r.width, height = r.n / width;
        Table table{in, out, width, height, {}, nullptr};
        const int strips = table.strips();
        LaunchShape shape{"sat", strips, 512, Table::shared_bytes(512)};
        shape.tiles = strips * height;
        table.descriptors = alloc_descriptors<Table>(l, strips * height, r.shape, l.resident_blocks(shape, table), table.tile_counter);
        l.launch(shape, table, {});
    });
    std::printf("rows %2d vec %d mask %2d (%s%s%s%s%s%s%s) %8.4f ms  x copy %.3f\n", Rows, Vec, Mask, Mask&1?"no-lookback ":"", Mask&2?"no-rowscan ":"", Mask&4?"no-colthreads ":"", Mask&8?"no-stores ":"", Mask&16?"no-loads ":"", Mask&32?"bulk-stores":"", Mask&64?"ring":"", ms, ms/copy_ms);
}
template <int Rows, int Vec, int Ahead>
void real_row(int log_n, int reps, int* in, int* out, double copy_ms) {
    RunRequest r; r.variant = "summed-area-lookback"; r.n = 1 << log_n; r.width = g_width ? g_width : 1 << (log_n / 2); r.shape = KernelShape::Timed;
    const double ms = time_driver(reps, [&](GpuLauncher& l) {
        kernels::summed_area_lookback<GpuLauncher, int, AddOp<int>, Rows, Vec, Ahead>(l, r, in, out, 512);
    });
    std::printf("REAL rows %2d vec %d ahead %d %8.4f ms  x copy %.3f\n", Rows, Vec, Ahead, ms, ms/copy_ms);
}
void sweep(int log_n, int reps) {
    const int n = 1 << log_n;
    GpuLauncher data;
    int* in = data.alloc<int>(n); int* out = data.alloc<int>(n); int* to = data.alloc<int>(n);
    SS_CUDA_CHECK(cudaMemset(in, 1, std::size_t(n) * 4));
    data.synchronize();
    const double copy_ms = time_driver(reps, [&](GpuLauncher& l) { SS_CUDA_CHECK(cudaMemcpyAsync(to, in, std::size_t(n)*4, cudaMemcpyDeviceToDevice, l.stream())); });
    std::printf("== 2^%d copy %.4f ms\n", log_n, copy_ms);
    std::printf("width %d\n", g_width ? g_width : 1 << (log_n / 2));
    row<8, 4, 0>(log_n, reps, in, out, copy_ms);
    real_row<8, 4, 4>(log_n, reps, in, out, copy_ms);
    row<8, 4, 1>(log_n, reps, in, out, copy_ms);
    row<8, 4, 2>(log_n, reps, in, out, copy_ms);
    row<8, 4, 4>(log_n, reps, in, out, copy_ms);
    row<8, 4, 7>(log_n, reps, in, out, copy_ms);
    row<8, 4, 8>(log_n, reps, in, out, copy_ms);
    row<8, 4, 16>(log_n, reps, in, out, copy_ms);
    row<8, 4, 24>(log_n, reps, in, out, copy_ms);
    row<8, 4, 1 | 8>(log_n, reps, in, out, copy_ms);
    row<8, 4, 1 | 16>(log_n, reps, in, out, copy_ms);
    row<8, 4, 7 | 24>(log_n, reps, in, out, copy_ms);
    row<4, 4, 7>(log_n, reps, in, out, copy_ms);
    row<8, 2, 7>(log_n, reps, in, out, copy_ms);
    row<8, 4, 32>(log_n, reps, in, out, copy_ms);
    row<8, 4, 64>(log_n, reps, in, out, copy_ms);
}
}
int main(int argc, char** argv) { if (getenv("W")) scanscope::g_width = atoi(getenv("W")); return scanscope::run_sweeps(argc, argv, "ablate", scanscope::sweep); }
