// Questions about one block's steps that the analyses, the scenes and the player all ask.
#pragma once

#include <cstdint>
#include <vector>

#include "model/trace.h"

namespace scanscope {

// Block `block`'s step `index` of `launch`, or null past its end.
const Step* find_step(const Launch& launch, int block, int index);

// Shared memory as it was when step `index` began (zeros, all undefined, for the first step).
struct MemoryState {
    std::vector<std::uint32_t> words;
    std::vector<std::uint8_t> defined;
};
MemoryState state_before(const Launch& launch, int block, int index);

}  // namespace scanscope
