// The canvas's views, each declared once (views.cpp): its key for --view, its tab's name, whether
// it has something to show for a trace, how it draws a step, and whether a trace opens in it.
// A new view is a scene file and one entry in that list (and its ViewKind, the name code uses).
#pragma once

#include <string>
#include <vector>

#include "analysis/banks.h"
#include "model/trace.h"
#include "scenes/scene.h"
#include "scenes/step_summary.h"
#include "style/theme.h"

namespace scanscope {

enum class ViewKind {
    Array,
    Tree,
    PingPong,
    Reduction,
    MultiBlock,
    LookBack,
    Scatter,
    Grid,
    Compare
};

// What a view draws from: the trace at the cursor (and, for some, the trace compared with, the
// look-back event, the bank model), in rows of `columns` elements where it wraps.
struct ViewInput {
    const Trace& trace;
    Cursor cursor;
    const Trace* compare = nullptr;  // the trace compared with, if any
    int event = 0;                   // the look-back view's event
    BankConfig banks;
    // Elements a row where the view wraps its rows (32 lines them up with the banks; presenter
    // mode narrows them until the step's focus reaches its legible size).
    int columns = 32;
    // Predict mode: global memory as the launch leaves it is not shown before the launch's last
    // step (it would give away what the steps before compute).
    bool hide_later = false;
    int lookback_launch = -1;  // the look-back view's launch (-1: the first with a look-back)
};

struct ViewInfo {
    ViewKind kind;
    const char* key;                      // for --view
    const char* name;                     // for the tab
    bool (*applies)(const Trace& trace);  // has something to show for this trace
    Scene (*build)(const ViewInput& input, const Theme& theme);
    int opens_rank;  // a trace opens in the view of lowest rank that applies; 0: never by itself
};

const std::vector<ViewInfo>& all_views();
const ViewInfo* find_view(const std::string& key);
const ViewInfo& view_info(ViewKind kind);

// Whether the view has something to show for this trace.
bool view_applies(ViewKind kind, const Trace& trace);
// The view a trace opens in.
ViewKind default_view(const Trace& trace);

}  // namespace scanscope
