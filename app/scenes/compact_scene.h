// Stream compaction's view: the input, each element's flag (1: kept), the flags' exclusive sum as
// Blelloch's sweeps build it, and, at the scatter, the output with an arrow from each kept element
// to its place, the number of kept elements before it. All from the trace: the flags and their
// scan are the shared array's snapshots, the places the scanned flags, the output what was written.
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

// `columns` elements a line (each row wraps).
Scene build_compact_scene(const Trace& trace, const Cursor& cursor, const Theme& theme,
                          int columns = 32);

}  // namespace scanscope
