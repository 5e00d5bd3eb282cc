// Step by step, one row per step of the selected block: Harris's Figures 2 and 3 for Blelloch's
// trees (the padding words, never written, are left out), and the reduction trees. Arrows run
// from the words a value came from, in the row above, to where it was written. The current row is
// the last one; with `threads`, a strip under each row shows which threads worked (active) and
// which idled, and outlines warps that diverged.
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

struct HistorySceneOptions {
    int array = 0;         // which shared array
    bool threads = false;  // the reduction view's thread strip
    int columns = 0;       // elements a row, wrapped in warp-aligned rows; 0: all in one row
};

Scene build_history_scene(const Trace& trace, const Cursor& cursor, const Theme& theme,
                          const HistorySceneOptions& options = {});

}  // namespace scanscope
