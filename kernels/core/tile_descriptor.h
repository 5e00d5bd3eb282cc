// Decoupled look-back's tile descriptor (Merrill, US 9928033): a status and a value in one 64-bit
// word, so that a reader always sees a value together with the status that makes it valid.
// Status Aggregate: the value is the tile's own total. Status Prefix: the value is the inclusive
// prefix, everything up to and including the tile.
#pragma once

#include <cstdint>

#include "core/capture_format.h"
#include "core/hd.h"

namespace scanscope {

using DescriptorWord = unsigned long long;

struct TileDescriptor {
    TileStatus status = TileStatus::Invalid;
    std::uint32_t value = 0;  // bits of the value
};

SS_HD_INLINE DescriptorWord pack_descriptor(TileStatus status, std::uint32_t value) {
    return (DescriptorWord(status) << 32) | DescriptorWord(value);
}

SS_HD_INLINE TileDescriptor unpack_descriptor(DescriptorWord word) {
    return {static_cast<TileStatus>(word >> 32), static_cast<std::uint32_t>(word & 0xffffffffu)};
}

}  // namespace scanscope
