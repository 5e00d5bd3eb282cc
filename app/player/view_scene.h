// The scene the current view shows for a session: one switch over the views, shared by the
// canvas panel and the tests (and later the exporters).
#pragma once

#include "style/theme.h"
#include "player/session.h"
#include "scenes/scene.h"

namespace scanscope {

Scene build_view_scene(const Session& session, const Theme& theme);

}  // namespace scanscope
