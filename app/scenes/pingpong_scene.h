// Hillis-Steele's buffers: the buffer a step reads (in) above the one it writes (out), with an
// arrow from each source to its sum; the roles swap every step. For the in-place variant, the one
// buffer before and after the step, and the hazards in red with the threads involved.
#pragma once

#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

Scene build_pingpong_scene(const Trace& trace, const Cursor& cursor, const Theme& theme);

}  // namespace scanscope
