// The array view: the selected block's shared memory at the current step. Cells the step read or
// wrote are lit, arrows show where each written value came from, and between steps the values
// glide along them. Hazards (the in-place race) are red. Global buffers (block sums, tile
// descriptors) follow.
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

struct ArraySceneOptions {
    int columns = 32;         // words per row: with 32, a column is a bank
    bool hide_later = false;  // global memory as the launch leaves it: only at its last step
};

Scene build_array_scene(const Trace& trace, const Cursor& cursor, const Theme& theme,
                        const ArraySceneOptions& options = {});

// The caption every view puts on top: "launch 1/3 scan blocks · block 0 · step 3/9 · up-sweep".
std::string step_caption(const Trace& trace, const Cursor& cursor);

// Where a word of shared memory sits in the array view's layout.
struct WordPlacement {
    std::vector<Rect> rects;  // per word; w = 0 for words in no array
};
WordPlacement place_words(const Launch& launch, int columns, float top);

}  // namespace scanscope
