// Two shapes of the same kernel source. The teaching shape is the one captured and animated:
// one or two elements per thread, small blocks, every step easy to follow. The timed shape gives
// the same kernels larger tiles (more elements per thread, 16-byte loads, bigger blocks), the
// shape a production library would run. bench/tuning.md records the sweeps (bench/tune) these
// numbers come from.
#pragma once

#include <cstdint>

namespace scanscope {

enum class KernelShape : std::uint8_t { Teaching, Timed };

namespace kernels {

// decoupled-lookback, timed: each lane takes Rows rows of 4 elements. Large tiles hide the
// look-back's latency behind more bytes; below kLookbackLargeFrom they would leave SMs idle.
constexpr int kLookbackVec = 4;
constexpr int kLookbackRows = 20;  // 80 elements per thread, 40960 per tile
constexpr int kLookbackThreads = 512;
constexpr int kLookbackSmallRows = 4;  // 16 elements per thread, 4096 per tile
constexpr int kLookbackSmallThreads = 256;
constexpr int kLookbackLargeFrom = 1 << 22;
// The large tiles fill the register file at 512 threads (their kernels are compiled for at most
// 512: __launch_bounds__), so a block takes at most this many elements.
constexpr int kMaxTileElements = kLookbackRows * kLookbackVec * kLookbackThreads;

// pipelined-lookback: persistent blocks, a ring of kPipelinedStages tiles in shared memory.
// Timed: rows of 4 elements per lane, and the most threads (up to kPipelinedThreads) whose ring
// fits the GPU's shared memory per block (192 KiB at 512 threads: Hopper and the A100; 96 KiB at
// 256 on GPUs with about 100 KiB). Teaching: one element per thread, a ring of three.
constexpr int kPipelinedRows = 8;  // 32 elements per thread
constexpr int kPipelinedVec = 4;
constexpr int kPipelinedStages = 3;
constexpr int kPipelinedThreads = 512;
constexpr int kPipelinedTeachingStages = 3;

// staged-lookback: blocks that stay, one tile in registers and the next copied into shared memory
// (the stage) meanwhile. Timed: 13 rows of 4 elements per lane (128 registers a thread) from
// kStagedLargeFrom; below it 8 rows at 256 threads (8192 a tile, two blocks an SM), so that a
// 2^20 scan has a tile for nearly every block that fits. The 13 rows run at 512 threads (a stage
// of 104 KiB, one block an SM) from kStagedWideFrom, and below it at 256 (two blocks an SM, half
// the tile each, whose last round of tiles ends sooner). On the H200 the small shape is the
// faster at 2^22 and 2^23 (0.72 and 0.80 x CUB, against 0.88 and 0.84 for 13 rows at 512); at
// 2^24 13 rows at 256 threads took 1.157-1.166 x the copy against 1.173-1.177 at 512 (five
// rounds of each, side by side), at 2^25 the same, from 2^26 512 threads are the faster
// (bench/tuning.md). Teaching: one element per thread.
constexpr int kStagedLargeFrom = 1 << 24;
constexpr int kStagedWideFrom = 1 << 25;
constexpr int kStagedRows = 13;  // 52 elements per thread
constexpr int kStagedSmallRows = 8;
constexpr int kStagedVec = 4;
// 512 threads: 13 rows from kStagedWideFrom (26624 a tile). 256: 8 rows below kStagedLargeFrom,
// 13 rows from there to kStagedWideFrom (13312 a tile).
constexpr int kStagedThreads = 512;
constexpr int kStagedSmallThreads = 256;
// The rounds of tiles dealt round the blocks by index before the rest come from the counter (at
// least two: a block's first two tiles are its own).
constexpr int kStagedDealtRounds = 8;

// reduce-warp-shuffle, timed: each thread first adds kReduceRows rows of kReduceVec elements.
constexpr int kReduceRows = 4;
constexpr int kReduceVec = 4;
constexpr int kReduceThreads = 512;

// scan-then-propagate and reduce-then-scan, timed: Blelloch blocks of 512 threads (1024
// elements); the other multi-block reductions, 256 threads.
constexpr int kBlellochBlocksThreads = 512;
constexpr int kReduceBlockThreads = 256;

}  // namespace kernels
}  // namespace scanscope
