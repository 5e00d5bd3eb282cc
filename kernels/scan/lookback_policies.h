// The single-pass scans' launch policies (core/tile_policy.h): the tiles their blocks take, beside
// their kernels (decoupled_lookback.h, pipelined_lookback.h, staged_lookback.h,
// compact_lookback.h, segmented_lookback.h, summed_area_lookback.h, onesweep.h). The numbers come
// from the sweeps bench/tuning.md records.
#pragma once

#include <type_traits>

#include "core/tile_policy.h"

namespace scanscope::kernels {

// decoupled-lookback. Timed: each lane takes rows of 4 elements. Large tiles hide the look-back's
// latency behind more bytes; below kLargeFrom they would leave SMs idle.
struct DecoupledLookbackPolicy {
    using Teaching = Tile<1, 1>;
    using Small = Tile<4, 4, 256>;   // 16 elements per thread, 4096 per tile
    using Large = Tile<20, 4, 512>;  // 80 elements per thread, 40960 per tile
    static constexpr int kLargeFrom = 1 << 22;
    static_assert(Large::rows * Large::vec * Large::threads == kMaxTileElements);

    template <class F>
    static void with_tile(int n, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Teaching{});
        if (n >= kLargeFrom) return f(Large{});
        f(Small{});
    }
};

// pipelined-lookback: persistent blocks, a ring of kStages tiles in shared memory. Timed: rows of
// 4 elements per lane, at the most threads (up to 512) whose ring fits the GPU's shared memory per
// block (192 KiB at 512 threads: Hopper and the A100; 96 KiB at 256 on GPUs with about 100 KiB).
// Teaching: one element per thread, a ring of three.
struct PipelinedLookbackPolicy {
    using Teaching = Tile<1, 1>;
    using Timed = Tile<8, 4, 512>;  // 32 elements per thread
    static constexpr int kStages = 3;
    static constexpr int kTeachingStages = 3;

    template <class F>
    static void with_tile(int, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Teaching{});
        f(Timed{});
    }
};

// staged-lookback: blocks that stay, one tile in registers and the next copied into shared memory
// (the stage) meanwhile. Timed: 13 rows of 4 elements per lane (128 registers a thread) from
// kLargeFrom; below it 8 rows at 256 threads (8192 a tile, two blocks an SM), so that a 2^20 scan
// has a tile for nearly every block that fits. The 13 rows run at 512 threads (a stage of 104 KiB,
// one block an SM) from kWideFrom, and below it at 256 (two blocks an SM, half the tile each,
// whose last round of tiles ends sooner). On the H200 the small shape is the faster at 2^22 and
// 2^23 (0.72 and 0.80 x CUB, against 0.88 and 0.84 for 13 rows at 512); at 2^24 13 rows at 256
// threads took 1.157-1.166 x the copy against 1.173-1.177 at 512 (five rounds of each, side by
// side), at 2^25 the same, from 2^26 512 threads are the faster (bench/tuning.md). Teaching: one
// element per thread.
struct StagedLookbackPolicy {
    using Teaching = Tile<1, 1>;
    using Small = Tile<8, 4, 256>;    // below kLargeFrom: 8192 a tile
    using Middle = Tile<13, 4, 256>;  // kLargeFrom to kWideFrom: 13312 a tile
    using Wide = Tile<13, 4, 512>;    // from kWideFrom: 26624 a tile
    static constexpr int kLargeFrom = 1 << 24;
    static constexpr int kWideFrom = 1 << 25;
    // The rounds of tiles dealt round the blocks by index before the rest come from the counter
    // (at least two: a block's first two tiles are its own).
    static constexpr int kDealtRounds = 8;

    template <class F>
    static void with_tile(int n, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Teaching{});
        if (n >= kWideFrom) return f(Wide{});
        if (n >= kLargeFrom) return f(Middle{});
        f(Small{});
    }
};

// compact-lookback: decoupled-lookback's tiles, each element's flag beside it in registers and the
// tile's kept elements packed in shared memory (4 bytes an element of the tile). Timed: rows of 4
// elements per lane. Swept on the H200 beside the copy of the bytes it moves and CUB's
// DeviceSelect::If, each tile's count published before its packing (bench/tuning.md, the
// nineteenth session): below 2^22, 4 rows at 512 threads (2^20: 1.18 x the copy; 8 rows at 256
// 1.20); to 2^25, 8 rows at 512 (2^24: 1.22; 4 rows 1.25, 24 rows at 256 1.27); from 2^25, 24
// rows at 256 threads, two blocks an SM (2^28: 1.125; 20 rows 1.134, 8 rows at 512 1.179; 2^25:
// 1.227 against 1.248). The large tile's loads are cached in the L2 only: its two blocks' 192 KiB
// of shared memory leave the L1 60 KiB, and the input is read once (twenty-first session, 2^28:
// 1.092-1.094 x the copy with the warps' counts kept four rows a register, against 1.114-1.119
// without the L2-only loads and 1.122-1.126 with neither; on 8 rows the L2-only loads lost up to
// 0.017; 26 rows, whose 208 KiB leave the L1 28 KiB, took 1.29 x).
struct CompactLookbackPolicy {
    using Teaching = Tile<1, 1>;
    using Small = Tile<4, 4, 512>;   // 16 elements per thread, 8192 per tile
    using Middle = Tile<8, 4, 512>;  // 32 elements per thread, 16384 per tile (64 KiB packed)
    // 96 elements per thread, 24576 per tile (96 KiB packed), loads cached in the L2 only.
    struct Large : Tile<24, 4, 256> {
        static constexpr bool kLoadsL2Only = true;
    };
    static constexpr int kMiddleFrom = 1 << 22;
    static constexpr int kLargeFrom = 1 << 25;

    template <class F>
    static void with_tile(int n, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Teaching{});
        if (n >= kLargeFrom) return f(Large{});
        if (n >= kMiddleFrom) return f(Middle{});
        f(Small{});
    }
};

// segmented-lookback: decoupled-lookback's tiles, each element's head a bit beside it in
// registers, each warp's rows passed through shared memory so that a lane scans 32 consecutive
// elements (core/warp_exchange.h). Timed: 8 rows of 4 at 128 threads, at every size. On the H200
// with warp 0's reach (bench/tune/tune_segmented.cu, bench/tuning.md), at 2^28 with a head in four
// elements: 1.024 x the copy of its bytes (256 threads 1.034, 4 rows at 256 1.105, 16 rows at 128
// 1.23); at 2^24 1.13-1.14 (256 threads 1.21); at 2^20 1.47-1.49 (4 rows at 256 1.45). On the
// H100 the kernel before the reach took 1.051 x at 2^28 at 256 threads, 128 threads ahead at 2^24.
struct SegmentedLookbackPolicy {
    using Teaching = Tile<1, 1>;
    using Timed = Tile<8, 4, 128>;  // 32 elements per thread, 4096 per tile

    template <class F>
    static void with_tile(int /*n*/, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Teaching{});
        f(Timed{});
    }
};

// summed-area-lookback. Teaching: strips of 32 columns, a block a strip from top to bottom, a row
// a warp. Timed: tiles of 128 x 128, a block one band of a strip (16 rows of 4 a warp at 256
// threads, two blocks an SM within the 512-thread bound's 128 registers), taken by anti-
// diagonals, each with a look-back along its rows and one up its columns; from 16384 wide, the
// same warps two side by side (64 x 256), the tile above handing its last row down. On the H100
// beside a copy of the table (bench/results/summed-area-wide-h100-2026-11-28, bench/tuning.md):
// 1.095 x the copy at 2^28 with four side by side (16384 wide; 128 x 128 tiles 1.131 x; strips, a
// block walking down its strip, 1.33 x), 1.368 x at 2^24 (strips 1.87 x), 2.363 x at 2^20 (strips
// 3.80 x). Tiles of 64 rows took 2.06 x at 2^20 in the probe (git, cfd5201), but here their
// look-back's reads go to local memory.
struct SummedAreaLookbackPolicy {
    using Teaching = Tile<1, 1>;
    using Timed = Tile<16, 4, 256>;
    // Tables at least kWideFrom wide take the same warps two side by side (tiles of 64 x 256),
    // the tile above handing its last row down (bench/results/summed-area-wide-h100-2026-11-28:
    // four side by side, 32 x 512, 1.09 x the copy at 2^28 on the H100 against 1.13 x, and 64 x
    // 256 in the probe 1.095 x as well; in the probe at 4096 wide, 8 tiles a row, the chain down
    // the columns had too little time: 1.74 x, against 1.35 x). On the H200 64 x 256 took 1.148 x
    // against 1.181 x for 32 x 512, by turns (bench/results/summed-area-h200-2026-11-29-s22): a
    // diagonal of 64 tiles, not 32, leaves the tile left and the one above twice the tickets to
    // finish in.
    static constexpr int kWideWarpCols = 2;
    static constexpr int kWideFrom = 16384;
    static bool wide(int width, int threads) {
        return width >= kWideFrom && threads % (32 * kWideWarpCols) == 0;
    }

    // Whether a block takes a tile of one band (else a whole strip): the timed tiles.
    template <class Shape>
    static constexpr bool kTiles = !std::is_same_v<Shape, Teaching>;

    template <class F>
    static void with_tile(int /*n*/, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Teaching{});
        f(Timed{});
    }
};

// radix-sort-onesweep: 256 threads, one for each digit of 8 bits. A pass's tile is Rows keys a
// thread (the Tile's rows): timed, 26 (6656 a tile) at four blocks an SM (64 registers), the
// fastest of 20 to 28 rows and one to five blocks an SM on the H100 at 2^24 and 2^28 (each tile's
// look-back and barriers are paid over more keys, and the blocks of an SM overlap them); the
// histogram takes 1 row of 4 keys a thread (bench/tuning.md). Teaching: one key a thread, so that
// a tile is the 256 digits' worth.
struct OnesweepPolicy {
    using Teaching = Tile<1, 1, 256>;
    using Timed = Tile<26, 1, 256>;
    // Four blocks an SM (64 registers a thread): the tiles' serial steps overlap more.
    static constexpr int kMinBlocksPerSm = 4;
    using TeachingHistogram = Tile<1, 1>;
    using TimedHistogram = Tile<1, 4>;

    template <class F>
    static void with_tile(int, KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(Teaching{});
        f(Timed{});
    }
    template <class F>
    static void with_histogram_tile(KernelShape shape, F&& f) {
        if (shape == KernelShape::Teaching) return f(TeachingHistogram{});
        f(TimedHistogram{});
    }
};

}  // namespace scanscope::kernels
