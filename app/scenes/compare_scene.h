// Two captures side by side at the same step, e.g. blelloch against blelloch-padded, or padding
// for 16 banks against 32: each one's worst access of the step, bank by bank, and its conflicts
// so far.
#pragma once

#include "analysis/banks.h"
#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

// Moves `other` by `offset` and appends it.
void append_scene(Scene& into, const Scene& other, Vec2 offset);

Scene build_compare_scene(const Trace& left, const Trace& right, const Cursor& cursor,
                          const BankConfig& config, const Theme& theme);

}  // namespace scanscope
