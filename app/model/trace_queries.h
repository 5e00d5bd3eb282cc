// Questions about one block's steps that the analyses, the scenes and the player all ask.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
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

struct StepFrame {
    int launch = 0;
    int step = 0;  // index within each block of the launch
};

// Every launch's steps in order: the frames the step timeline walks.
std::vector<StepFrame> step_frames(const Trace& trace);

// The shared array holding 4-byte word `word` of the launch's shared memory; null if none does.
const SharedArrayInfo* array_of_word(const Launch& launch, std::uint32_t word);
// The launch's global buffer `name`; null if it wrote none.
const GlobalBuffer* find_global(const Launch& launch, const std::string& name);
// Word `index` of the launch's global `name` (a compaction's "kept"; a radix sort's
// "totalFalses", a word a pass); none if the launch wrote no such global or word.
std::optional<std::uint32_t> global_word(const Launch& launch, const std::string& name,
                                         std::size_t index = 0);
// "temp[7]" (the array's element index), or "shared word 7" outside every array.
std::string word_name(const Launch& launch, std::uint32_t word);
// The word's value as its array's type shows it ("25", "0.5").
std::string word_value(const Trace& trace, const Launch& launch, std::uint32_t word,
                       std::uint32_t bits);

// The launch whose look-back events the look-back view replays first (the first with any); -1 if
// none. A radix sort has one a pass: lookback_launches lists them all.
int lookback_launch(const Trace& trace);
std::vector<int> lookback_launches(const Trace& trace);
// `asked`, where it is a launch with look-back events; else the first such launch (-1: none).
int lookback_launch(const Trace& trace, int asked);

// The rows of a table of descriptors, where each is a row of a column (descriptor c * rows + y):
// summed-area-lookback's, a row of the table in a strip; radix-sort-onesweep's, a digit (256) in
// a tile. 0 for a trace whose descriptors are tiles.
int descriptor_rows(const Trace& trace);
// Where summed-area-lookback's tiles (a band of a strip each) number their second table, a
// descriptor for each column of each row of tiles (from + tile_row * width + x), or for wide
// tiles the ring of two slots their last rows are handed down through (from + slot * width + x);
// the count of descriptors where a trace has no such table.
int column_descriptors_from(const Trace& trace);
// How a trace numbers its look-back descriptors, worked out once: a scene names thousands.
struct DescriptorLayout {
    int rows = 0;          // descriptor_rows
    int columns_from = 0;  // column_descriptors_from
    int width = 1;         // the table's width, a row of tiles' column descriptors
    bool digits = false;   // a tile's digits (radix-sort-onesweep), not a strip's rows
    bool ring = false;     // the column words are the ring of two slots, not a row of tiles each
};
DescriptorLayout descriptor_layout(const Trace& trace);
// A look-back descriptor as people name it: "tile 5", "strip 1 row 5", "tile 1 digit 5",
// "tile row 1 column 5", or (handed down) "slot 1 column 5".
std::string descriptor_name(const DescriptorLayout& layout, int descriptor);
// The same, short enough for a cell: "tile 5", "s1 r5", "t1 d5", "tr1 c5", "sl1 c5".
std::string descriptor_short_name(const DescriptorLayout& layout, int descriptor);
// How far back a descriptor's nearest predecessor is: 1 tile, a column of descriptor_rows, or (a
// column's descriptor or word) a row of tiles, the table's width.
int predecessor_step(const DescriptorLayout& layout, int descriptor);
// What a look-back steps back over: "strip" (summed-area-lookback's rows), "tile row" (its
// columns), "slot" (its ring) or "tile".
std::string lookback_column_word(const DescriptorLayout& layout, int descriptor);
// The same four for a trace, where one or two descriptors are named.
std::string descriptor_name(const Trace& trace, int descriptor);
std::string descriptor_short_name(const Trace& trace, int descriptor);
int predecessor_step(const Trace& trace, int descriptor);
std::string lookback_column_word(const Trace& trace, int descriptor);

// The tile block `block` works on at its step `index`: the latest value its steps showed as
// "tile" (the persistent scan names it at each tile's steps), else the one tile it took
// (Launch::tile_of_block); -1 where it has none (yet).
int tile_at(const Trace& trace, const Launch& launch, int block, int index);

// For each tile of a look-back launch (-1, or one without: the first): the block that scanned it
// and that block's step (index) in which warp 0 looked back for it; -1, -1 for a tile no block did.
struct TileWork {
    int block = -1;
    int step = -1;
};
std::vector<TileWork> tiles_worked(const Trace& trace, int launch = -1);

// A step's phase and its variables, as captions and tables print them: "up-sweep d=4 offset=1";
// a variable the phase already names takes its value only ("scan the tile 0 slot=1", never
// "scan the tile tile=0").
std::string phase_text(const StepLabel* label, const std::vector<std::int32_t>& vars);

}  // namespace scanscope
