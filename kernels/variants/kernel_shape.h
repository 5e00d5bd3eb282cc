// Two shapes of the same kernel source. The teaching shape is the one captured and animated:
// one or two elements per thread, small blocks, every step easy to follow. The timed shape gives
// the same kernels larger tiles (more elements per thread, 16-byte loads, bigger blocks), the
// shape a production library would run; bench/tuning.md records how these numbers were chosen.
#pragma once

#include <cstdint>

namespace scanscope {

enum class KernelShape : std::uint8_t { Teaching, Timed };

namespace kernels {

// decoupled-lookback, timed: each lane takes kLookbackRows rows of kLookbackVec elements.
constexpr int kLookbackRows = 8;
constexpr int kLookbackVec = 4;
constexpr int kLookbackThreads = 256;

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
