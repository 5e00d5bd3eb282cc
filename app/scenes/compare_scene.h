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

// `banks_per_row` < the bank count: each side's banks wrapped (scenes/banks_scene.h), the two
// sides one above the other.
Scene build_compare_scene(const Trace& left, const Trace& right, const Cursor& cursor,
                          const BankConfig& config, const Theme& theme, int banks_per_row = 32);

// A student's kernel against its reference (--like): both arrays at the same step, one above the
// other, every word whose values differ outlined, the first one named. `columns` words a row.
Scene build_values_compare_scene(const Trace& mine, const Trace& reference, const Cursor& cursor,
                                 const Theme& theme, int columns = 32);

}  // namespace scanscope
