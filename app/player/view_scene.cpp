#include "player/view_scene.h"

#include <algorithm>

#include "scenes/array_scene.h"
#include "scenes/compare_scene.h"
#include "scenes/history_scene.h"
#include "scenes/lookback_scene.h"
#include "scenes/multiblock_scene.h"
#include "scenes/pingpong_scene.h"

namespace scanscope {

Scene build_view_scene(const Session& s, const Theme& theme, const ViewSceneOptions& options) {
    const int columns = options.columns;
    if (!s.loaded()) {
        Scene none;
        none.empty_message = "No trace loaded: pick a variant and press Capture, or open a trace.";
        return none;
    }
    const Trace& t = s.trace();
    const Cursor c = s.cursor();
    switch (s.view) {
        case ViewKind::Array:
            return build_array_scene(t, c, theme, {columns, options.hide_later});
        case ViewKind::Tree:
            return build_history_scene(t, c, theme, {0, false, columns < 32 ? columns : 0});
        case ViewKind::PingPong:
            return build_pingpong_scene(t, c, theme, {columns, columns < 32 ? 1 : 3});
        case ViewKind::Reduction:
            return build_history_scene(t, c, theme, {0, true, columns < 32 ? columns : 0});
        case ViewKind::MultiBlock:
            return build_multiblock_scene(t, c, theme, columns, options.hide_later);
        case ViewKind::LookBack:
            // Narrowed (presenter mode): the tile followed and the one it reads, magnified.
            return build_lookback_scene(t, s.events.position(), theme, 16, columns < 32);
        case ViewKind::Compare: {
            if (!s.compare()) {
                Scene none;
                none.empty_message =
                    "Nothing to compare with: choose a variant under 'compare' and capture again, "
                    "or open a second trace (Trace file, 'Compare with'; or --compare-trace).";
                return none;
            }
            // A student's kernel is compared by its values; two variants by their banks.
            if (is_student_key(t.request.variant))
                return build_values_compare_scene(t, *s.compare(), c, theme, columns);
            return build_compare_scene(t, *s.compare(), c, s.bank_config(), theme,
                                       columns >= 32 ? 32 : std::max(columns, 8));
        }
    }
    return {};
}

StepSentence step_sentence(const Session& s, const std::map<int, std::string>* lesson_narration) {
    StepSentence out;
    if (!s.loaded()) return out;
    if (s.view == ViewKind::LookBack) {
        out.what = event_caption(s.trace(), s.events.position());
        return out;
    }
    out.what = step_caption(s.trace(), s.cursor());
    if (const Step* step = s.current_step()) out.narration = narrate(s.trace(), *step);
    if (lesson_narration) {
        const auto found = lesson_narration->find(s.steps.position() + 1);
        if (found != lesson_narration->end()) out.narration = found->second;
    }
    return out;
}

}  // namespace scanscope
