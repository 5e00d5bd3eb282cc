// What the kernel wrote to global memory, drawn under a view at the trace's last step: the
// picture ends on the real output (an inclusive scan's too, which shared memory never holds).
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

// True once the cursor's block has finished the trace's last launch.
bool at_last_step(const Trace& trace, const Cursor& c);

// Appends the output (wrapped at `columns` cells, from (x, y)); returns the y below it.
// At most kMaxOutputCells are drawn, and the label says so when there are more.
float add_output_row(Scene& scene, const Trace& trace, float x, float y, int columns,
                     const Theme& theme);

constexpr int kMaxOutputCells = 4096;

}  // namespace scanscope
