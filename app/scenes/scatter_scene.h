// The view of what scan is for, where a scan of flags says where each element goes: stream
// compaction (`compact`) and radix sort's split (`split`). The input, each element's flag, the
// flags' exclusive sum as Blelloch's sweeps build it, and, from the scatter on, where each element
// went, with an arrow from it to its place. All from the trace: the flags and their scan are the
// shared array's snapshots; a kept element's place is its scanned flag, a split key's the
// section's d (f for a 0-key, i - f + totalFalses for a 1-key, totalFalses the trace's global);
// the places' values are what the kernel wrote (the output; the split's shared `sorted`).
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

// `columns` elements a line (each row wraps).
Scene build_scatter_scene(const Trace& trace, const Cursor& cursor, const Theme& theme,
                          int columns = 32);

}  // namespace scanscope
