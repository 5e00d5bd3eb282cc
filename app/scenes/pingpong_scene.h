// Hillis-Steele's buffers: the buffer a step reads (in) above the one it writes (out), with an
// arrow from each source to its sum; the roles swap every step. For the in-place variant, the one
// buffer before and after the step, and the hazards in red with the threads involved.
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

struct PingPongSceneOptions {
    int columns = 32;         // elements a band: a warp's, or a part of one (a projector)
    int hazard_examples = 3;  // hazards written out under the drawing
};

// The focus: what the followed warp read (in) and wrote (out); in a step that races, the first
// pair of threads of two warps that collide.
Scene build_pingpong_scene(const Trace& trace, const Cursor& cursor, const Theme& theme,
                           const PingPongSceneOptions& options = {});

}  // namespace scanscope
