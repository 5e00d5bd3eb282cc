#include "scenes/views.h"

#include <algorithm>
#include <stdexcept>

#include "scenes/array_scene.h"
#include "scenes/compare_scene.h"
#include "scenes/grid_scene.h"
#include "scenes/history_scene.h"
#include "scenes/lookback_scene.h"
#include "scenes/multiblock_scene.h"
#include "scenes/pingpong_scene.h"
#include "scenes/scatter_scene.h"

namespace scanscope {
namespace {

const VariantInfo* card_of(const Trace& t) {
    return find_card(t.request);
}

bool always(const Trace&) {
    return true;
}

Scene compare_view(const ViewInput& in, const Theme& theme) {
    if (!in.compare) {
        Scene none;
        none.empty_message =
            "Nothing to compare with: choose a variant under 'compare' and capture again, or open "
            "a second trace (Trace file, 'Compare with'; or --compare-trace).";
        return none;
    }
    // A student's kernel is compared by its values; two variants by their banks.
    if (is_student_key(in.trace.request.variant))
        return build_values_compare_scene(in.trace, *in.compare, in.cursor, theme, in.columns);
    return build_compare_scene(in.trace, *in.compare, in.cursor, in.banks, theme,
                               in.columns >= 32 ? 32 : std::max(in.columns, 8));
}

}  // namespace

const std::vector<ViewInfo>& all_views() {
    static const std::vector<ViewInfo> views = {
        {ViewKind::Array, "array", "Shared memory", always,
         [](const ViewInput& in, const Theme& theme) {
             return build_array_scene(in.trace, in.cursor, theme, {in.columns, in.hide_later});
         },
         0},
        {ViewKind::Tree, "tree", "Tree",
         [](const Trace& t) {
             const VariantInfo* v = card_of(t);
             return v && v->tree_view;
         },
         [](const ViewInput& in, const Theme& theme) {
             return build_history_scene(in.trace, in.cursor, theme,
                                        {0, false, in.columns < 32 ? in.columns : 0});
         },
         3},
        {ViewKind::PingPong, "pingpong", "Ping-pong",
         [](const Trace& t) {
             const VariantInfo* v = card_of(t);
             return v && v->pingpong_view;
         },
         [](const ViewInput& in, const Theme& theme) {
             return build_pingpong_scene(in.trace, in.cursor, theme,
                                         {in.columns, in.columns < 32 ? 1 : 3});
         },
         2},
        {ViewKind::Reduction, "reduction", "Reduction",
         [](const Trace& t) {
             const VariantInfo* v = card_of(t);
             return v && v->algorithm == Algorithm::Reduce;
         },
         [](const ViewInput& in, const Theme& theme) {
             return build_history_scene(in.trace, in.cursor, theme,
                                        {0, true, in.columns < 32 ? in.columns : 0});
         },
         4},
        {ViewKind::MultiBlock, "multiblock", "Blocks",
         [](const Trace& t) {
             return std::any_of(t.launches.begin(), t.launches.end(),
                                [](const Launch& l) { return l.grid > 1 || !l.globals.empty(); });
         },
         [](const ViewInput& in, const Theme& theme) {
             return build_multiblock_scene(in.trace, in.cursor, theme, in.columns, in.hide_later);
         },
         0},
        {ViewKind::LookBack, "lookback", "Look-back",
         [](const Trace& t) { return lookback_launch(t) >= 0; },
         [](const ViewInput& in, const Theme& theme) {
             // Narrowed (presenter mode): the tile followed and the one it reads, magnified.
             return build_lookback_scene(in.trace, in.event, theme, 16, in.columns < 32,
                                         in.lookback_launch);
         },
         1},
        {ViewKind::Scatter, "scatter", "Scatter",
         [](const Trace& t) {
             const VariantInfo* v = card_of(t);
             // One block's flags, their scan and the scatter, all in shared memory (the
             // single-pass compaction keeps its flags in registers).
             return v && !v->multi_block &&
                    (v->algorithm == Algorithm::Compact || v->algorithm == Algorithm::Split);
         },
         [](const ViewInput& in, const Theme& theme) {
             return build_scatter_scene(in.trace, in.cursor, theme, in.columns);
         },
         1},
        {ViewKind::Grid, "grid", "Grid",
         [](const Trace& t) {
             const VariantInfo* v = card_of(t);
             // The one-block table, both of its buffers in shared memory (the single-pass
             // table keeps only column sums there).
             return v && !v->multi_block && v->algorithm == Algorithm::SummedArea;
         },
         [](const ViewInput& in, const Theme& theme) {
             return build_grid_scene(in.trace, in.cursor, theme);
         },
         1},
        {ViewKind::Compare, "compare", "Compare", always, compare_view, 0},
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
    return view_info(kind).applies(trace);
}

ViewKind default_view(const Trace& trace) {
    const ViewInfo* best = nullptr;
    for (const ViewInfo& v : all_views())
        if (v.opens_rank > 0 && (!best || v.opens_rank < best->opens_rank) && v.applies(trace))
            best = &v;
    return best ? best->kind : ViewKind::Array;
}

}  // namespace scanscope
