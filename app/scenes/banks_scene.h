// One warp's shared-memory access, bank by bank: banks are columns, the words the access touches
// are rows, the warp's lanes sit above with a line to each word they read or write. A bank's
// header takes the colour of its conflict degree (green for 1, to red for 32).
#pragma once

#include <optional>

#include "analysis/banks.h"
#include "scenes/scene.h"
#include "scenes/step_summary.h"

namespace scanscope {

// `access` indexes memory_accesses(step); -1 picks the worst. `per_row` < the bank count wraps
// the banks into rows of that many (a projector): each bank's number and degree on its header,
// the words it serves under it, each with the lane that asked for it (no lane row then). The
// focus: the banks the access makes deliver more than one word, their numbers and degrees (and,
// unwrapped, the words that queue in them).
Scene build_banks_scene(const Trace& trace, const Cursor& cursor, int access,
                        const BankConfig& config, const Theme& theme, int per_row = 32);

// The access the Banks drawing shows at a step when it picks (the worst), analysed; nullopt
// where the step has no shared-memory access.
std::optional<AccessBanks> drawn_access_banks(const Trace& trace, const Cursor& cursor,
                                              const BankConfig& config);

// The colour of conflict degree `degree` (1 = none).
Color degree_color(const Theme& theme, int degree);

}  // namespace scanscope
