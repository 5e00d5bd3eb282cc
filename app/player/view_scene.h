// The scene the current view shows for a session: one switch over the views, shared by the
// canvas panel and the tests (and later the exporters).
#pragma once

#include <map>
#include <string>

#include "player/session.h"
#include "scenes/scene.h"
#include "style/theme.h"

namespace scanscope {

struct ViewSceneOptions {
    // Elements a row where the view wraps its rows (32 lines them up with the banks; presenter
    // mode narrows them until the step's focus reaches its legible size).
    int columns = 32;
    // Predict mode: global memory as the launch leaves it is not shown before the launch's last
    // step (it would give away what the steps before compute).
    bool hide_later = false;
};

Scene build_view_scene(const Session& session, const Theme& theme,
                       const ViewSceneOptions& options = {});

// What the step is: its caption ("step 3/9 · up-sweep d=2") and its sentence: the lesson's own
// for this step where `lesson_narration` (the window's step number -> sentence) has one, else
// the narration of what ran. The look-back view's events have a caption only.
struct StepSentence {
    std::string what, narration;
};
StepSentence step_sentence(const Session& session,
                           const std::map<int, std::string>* lesson_narration = nullptr);

}  // namespace scanscope
