#include "scenes/views.h"

#include <stdexcept>

#include "scenes/lookback_scene.h"

namespace scanscope {

const std::vector<ViewInfo>& all_views() {
    static const std::vector<ViewInfo> views = {
        {ViewKind::Array, "array", "Shared memory"},
        {ViewKind::Tree, "tree", "Tree"},
        {ViewKind::PingPong, "pingpong", "Ping-pong"},
        {ViewKind::Reduction, "reduction", "Reduction"},
        {ViewKind::MultiBlock, "multiblock", "Blocks"},
        {ViewKind::LookBack, "lookback", "Look-back"},
        {ViewKind::Compare, "compare", "Compare"},
    };
    return views;
}

const ViewInfo* find_view(const std::string& key) {
    for (const ViewInfo& v : all_views())
        if (key == v.key) return &v;
    return nullptr;
}

const ViewInfo& view_info(ViewKind kind) {
    for (const ViewInfo& v : all_views())
        if (v.kind == kind) return v;
    throw std::logic_error("view missing from the list");
}

bool view_applies(ViewKind kind, const Trace& trace) {
    const VariantInfo* info = find_card(trace.request);
    const bool reduce = info && info->algorithm == Algorithm::Reduce;
    switch (kind) {
        case ViewKind::Array:
            return true;
        case ViewKind::Tree:
            return info && info->tree_view;
        case ViewKind::PingPong:
            return info && info->pingpong_view;
        case ViewKind::Reduction:
            return reduce;
        case ViewKind::MultiBlock:
            for (const Launch& l : trace.launches)
                if (l.grid > 1 || !l.globals.empty()) return true;
            return false;
        case ViewKind::LookBack:
            return lookback_launch(trace) >= 0;
        case ViewKind::Compare:
            return true;
    }
    return false;
}

ViewKind default_view(const Trace& trace) {
    for (ViewKind k : {ViewKind::LookBack, ViewKind::PingPong, ViewKind::Tree, ViewKind::Reduction})
        if (view_applies(k, trace)) return k;
    return ViewKind::Array;
}

}  // namespace scanscope
