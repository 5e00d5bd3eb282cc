// All the blocks of a launch at once: each block's shared memory at the current step, and the
// global buffers that connect them (block sums written by each block, increments added back).
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

// `columns`: words a row of each block's shared memory. `hide_later`: global memory as the
// launch leaves it only at its last step (predict mode).
Scene build_multiblock_scene(const Trace& trace, const Cursor& cursor, const Theme& theme,
                             int columns = 32, bool hide_later = false);

}  // namespace scanscope
