// The single-pass scan's tiles over time: each tile's descriptor (invalid, aggregate available,
// prefix available) after the first `event + 1` events, in the order the device logged them
// (the GPU's own order, timed by %globaltimer; the emulation's seeded one). The current event's
// reader and what it read are linked; the reader's look-back window is outlined.
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

// `magnify`: the tile followed and the tile it reads now drawn large above the grid (the focus;
// presenter mode), the grid the context. `launch`: which launch's look-back (-1: the first with
// one, as for any launch without; a radix sort has one a pass).
Scene build_lookback_scene(const Trace& trace, int event, const Theme& theme, int per_row = 16,
                           bool magnify = false, int launch = -1);

// "event 37 of 250 · 1.234 µs · tile 5 reads tile 3: aggregate 42"; where the trace has more
// than one launch with a look-back, the launch's name first ("pass 2: bits 8 to 15 · ...").
std::string event_caption(const Trace& trace, int event, int launch = -1);

}  // namespace scanscope
