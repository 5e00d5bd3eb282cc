// How a kernel is launched, for both the GPU and the emulation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanscope {

struct LaunchShape {
    std::string name;  // shown in the trace, e.g. "scan blocks"
    int grid = 1;
    int block = 32;  // 1 to 1024; kernels with shuffles use whole warps
    std::uint32_t shared_bytes = 0;
    // The emulation interleaves up to this many resident blocks in a seeded order (the single-
    // pass scan's tiles wait on each other); 1 runs blocks one after the other.
    int emulated_resident_blocks = 1;
    // Persistent kernels deal this many tiles round their blocks; 0: one tile (or none) a block.
    int tiles = 0;
    // Its shared arrays' names, in allocation order, where they are not the variant's (the other
    // kernels of a variant of several: a radix sort's histogram).
    std::vector<std::string> arrays = {};
};

// Blocks the emulation keeps resident at once, interleaving their warps (the single-pass scans).
constexpr int kEmulatedResidentBlocks = 4;

// A global buffer whose contents the trace keeps after the launch (block sums, descriptors).
struct GlobalView {
    std::string name;
    const void* data = nullptr;  // device memory on the GPU, host memory in the emulation
    std::size_t count = 0;
    int element_bytes = 4;  // 4 for values, 8 for look-back descriptors
};

// Throws std::invalid_argument naming what is wrong.
void check_launch_shape(const LaunchShape& shape);

}  // namespace scanscope
