#include "player/view_scene.h"

#include "scenes/array_scene.h"
#include "scenes/lookback_scene.h"

namespace scanscope {

Scene build_view_scene(const Session& s, const Theme& theme, const ViewSceneOptions& options) {
    if (!s.loaded()) {
        Scene none;
        none.empty_message = "No trace loaded: pick a variant and press Capture, or open a trace.";
        return none;
    }
    ViewInput input{s.trace(),       s.cursor(),      s.compare(),       s.events.position(),
                    s.bank_config(), options.columns, options.hide_later};
    input.lookback_launch = s.lookback_launch();
    return view_info(s.view).build(input, theme);
}

StepSentence step_sentence(const Session& s, const std::map<int, std::string>* lesson_narration) {
    StepSentence out;
    if (!s.loaded()) return out;
    if (s.view == ViewKind::LookBack) {
        out.what = event_caption(s.trace(), s.events.position(), s.lookback_launch());
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
