// Decoupled look-back's tile descriptor (Merrill, US 9928033): a status and a value in one 64-bit
// word, so that a reader always sees a value together with the status that makes it valid.
// Status Aggregate: the value is the tile's own total. Status Prefix: the value is the inclusive
// prefix, everything up to and including the tile. The word's top 30 bits say which launch wrote
// it (its epoch, 0 in a launch of its own): a word of another launch reads as Invalid.
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

constexpr int kDescriptorEpochShift = 34;  // value: bits 0-31; status: 32-33; epoch: 34-63
constexpr std::uint32_t kDescriptorEpochMask = (1u << 30) - 1;

SS_HD_INLINE DescriptorWord pack_descriptor(TileStatus status, std::uint32_t value,
                                            std::uint32_t epoch = 0) {
    return (DescriptorWord(epoch) << kDescriptorEpochShift) | (DescriptorWord(status) << 32) |
           DescriptorWord(value);
}

// What launch `epoch` reads in `word`: Invalid where another launch wrote it.
SS_HD_INLINE TileDescriptor unpack_descriptor(DescriptorWord word, std::uint32_t epoch = 0) {
    if ((word >> kDescriptorEpochShift) != epoch) return {TileStatus::Invalid, 0};
    return {static_cast<TileStatus>((word >> 32) & 3u),
            static_cast<std::uint32_t>(word & 0xffffffffu)};
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

// A launch that is repeated (the timing loops) keeps one set of descriptors and gives each launch
// the next epoch: what the launches before it wrote reads as Invalid, so that nothing need zero
// the set between launches (neither a memset launch, which at 2^20 cost a quarter of the time, nor
// the launch before writing zeros ahead of it, which cost summed-area-lookback 1.5 % at 2^28;
// bench/tuning.md). Its tile counters are two, used by turns: a launch's tile 0 zeroes the next
// launch's. A launch of its own has epoch 0 and a zeroed set, and no `next_counter`.
struct TileDescriptors {
    DescriptorWord* words = nullptr;
    int spacing = 1;              // words from one tile's descriptor to the next
    std::uint32_t epoch = 0;      // the launch's number in its set
    int* next_counter = nullptr;  // the next launch's tile counter

    SS_HD_INLINE DescriptorWord* of(int tile) const {
        return words + static_cast<long long>(tile) * spacing;
    }
    // With tile 0, readies the next launch's tile counter. The next launch starts after this one
    // ends, so a plain store does.
    SS_HD_INLINE void ready_next_launch(int tile) const {
        if (tile == 0 && next_counter) *next_counter = 0;
    }
};

// A set of `set_words` words: the descriptors from its first word, the tile counters in its last
// two (counter 0 last).
SS_HD_INLINE int* tile_counter_of(DescriptorWord* set, std::size_t set_words, int counter = 0) {
    return reinterpret_cast<int*>(set + set_words - 1 - counter);
}

// The descriptors `spacing` words apart in `set`, for launch `epoch` of a repeated launch (which
// takes tile counter epoch % 2 and readies the other) or for a launch of its own (epoch 0, no
// next counter). `counter` is set to the launch's tile counter.
SS_HD_INLINE TileDescriptors descriptors_in(DescriptorWord* set, std::size_t set_words, int spacing,
                                            bool repeated, std::uint32_t epoch, int*& counter) {
    TileDescriptors d;
    d.words = set;
    d.spacing = spacing;
    d.epoch = repeated ? epoch & kDescriptorEpochMask : 0;  // (again after 2^30 launches)
    counter = tile_counter_of(set, set_words, repeated ? int(epoch % 2) : 0);
    if (repeated) d.next_counter = tile_counter_of(set, set_words, int((epoch + 1) % 2));
    return d;
}

}  // namespace scanscope
