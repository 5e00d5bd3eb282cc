// The canvas's views, which of them suit a trace, and the one each variant opens in.
#pragma once

#include <string>
#include <vector>

#include "model/trace.h"

namespace scanscope {

enum class ViewKind { Array, Tree, PingPong, Reduction, MultiBlock, LookBack, Compare };

struct ViewInfo {
    ViewKind kind;
    const char* key;   // for --view
    const char* name;  // for the tab
};

const std::vector<ViewInfo>& all_views();
const ViewInfo* find_view(const std::string& key);
const ViewInfo& view_info(ViewKind kind);

// Whether the view has something to show for this trace.
bool view_applies(ViewKind kind, const Trace& trace);
// The view a trace opens in.
ViewKind default_view(const Trace& trace);

}  // namespace scanscope
