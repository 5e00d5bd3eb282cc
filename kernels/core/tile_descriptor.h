// Decoupled look-back's tile descriptor (Merrill, US 9928033): a status and a value in one 64-bit
// word, so that a reader always sees a value together with the status that makes it valid.
// Status Aggregate: the value is the tile's own total. Status Prefix: the value is the inclusive
// prefix, everything up to and including the tile.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

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

// A word handed down a chain that reuses it (summed-area's wide tiles, Block::hand_down): a tag
// above the value tells this hand-down from an older one still in the word.
SS_HD_INLINE DescriptorWord pack_tagged(std::uint32_t tag, std::uint32_t value) {
    return (DescriptorWord(tag) << 32) | DescriptorWord(value);
}

// Whether `word` holds the hand-down tagged `tag`; its value in `value` (0 where it does not).
SS_HD_INLINE bool unpack_tagged(DescriptorWord word, std::uint32_t tag, std::uint32_t& value) {
    const bool there = std::uint32_t(word >> 32) == tag;
    value = there ? std::uint32_t(word) : 0u;
    return there;
}

// The descriptors of a launch, zero (Invalid) before it. Packed (spacing 1), 16 share a 128-byte
// L2 line, and on a GPU full of blocks that line is where every look-back of a round reads while
// the round's tiles publish to it: the reads queue there. The timed scans of more than one round
// of tiles give each descriptor a line of its own (spacing kDescriptorsPerLine; bench/tuning.md
// has the measurements); captures keep them packed, one word a tile, as the views read them.
constexpr int kDescriptorsPerLine = 128 / sizeof(DescriptorWord);

// The spacing of a timed launch's descriptors: one a line when it has more tiles than blocks at
// once (more than one round of tiles), else packed (one round: for decoupled-lookback the spread
// lines cost more than they save), unless the kernel spreads them for one round too
// (staged-lookback's small tiles, whose 2^20 look-backs all read the same lines at once).
SS_HD_INLINE int timed_descriptor_spacing(int tiles, int resident_blocks,
                                          bool spread_one_round = false) {
    return spread_one_round || tiles > resident_blocks ? kDescriptorsPerLine : 1;
}

// A kernel that spreads its descriptors for one round of tiles too says so
// (`static constexpr bool kSpreadOneRound = true`); the drivers and the probes read it here.
template <class Kernel, class = void>
struct SpreadsOneRound : std::false_type {};
template <class Kernel>
struct SpreadsOneRound<Kernel, std::void_t<decltype(Kernel::kSpreadOneRound)>>
    : std::bool_constant<Kernel::kSpreadOneRound> {};

// A kernel whose descriptors are many to a tile and read side by side by a warp's lanes keeps them
// packed in every shape (`static constexpr bool kPackedDescriptors = true`): summed-area-lookback,
// a descriptor for each row of each strip (2^21 of them for a 2^14 x 2^14 table; a line each
// would be 256 MiB).
template <class Kernel, class = void>
struct PacksDescriptors : std::false_type {};
template <class Kernel>
struct PacksDescriptors<Kernel, std::void_t<decltype(Kernel::kPackedDescriptors)>>
    : std::bool_constant<Kernel::kPackedDescriptors> {};

// A launch that is repeated (the timing loops) takes two sets of descriptors and tile counter,
// used by turns: each launch sets the other set back to zero as its tiles go by, so that the next
// launch finds it ready and no memset launch comes before it (at 2^20 that launch cost a quarter
// of the time; bench/tuning.md). `next_words` is null in a launch of its own.
struct TileDescriptors {
    DescriptorWord* words = nullptr;
    int spacing = 1;                       // words from one tile's descriptor to the next
    DescriptorWord* next_words = nullptr;  // the next launch's descriptors, laid out as `words`
    int* next_counter = nullptr;           // and its tile counter

    SS_HD_INLINE DescriptorWord* of(int tile) const {
        return words + static_cast<long long>(tile) * spacing;
    }
    // Readies the next launch's descriptor of `tile` (Invalid), and with tile 0 its tile counter.
    // The next launch starts after this one ends, so plain stores do.
    SS_HD_INLINE void ready_next_launch(int tile) const {
        if (!next_words) return;
        next_words[static_cast<long long>(tile) * spacing] = 0;
        if (tile == 0) *next_counter = 0;
    }
};

// A set of `set_words` words: the descriptors from its first word, the tile counter in its last.
SS_HD_INLINE int* tile_counter_of(DescriptorWord* set, std::size_t set_words) {
    return reinterpret_cast<int*>(set + set_words - 1);
}

// The descriptors `spacing` words apart in `set`; with a `next_set` (of the same size), this
// launch readies that set for the next one.
SS_HD_INLINE TileDescriptors descriptors_in(DescriptorWord* set, DescriptorWord* next_set,
                                            std::size_t set_words, int spacing) {
    TileDescriptors d;
    d.words = set;
    d.spacing = spacing;
    if (next_set) {
        d.next_words = next_set;
        d.next_counter = tile_counter_of(next_set, set_words);
    }
    return d;
}

}  // namespace scanscope
