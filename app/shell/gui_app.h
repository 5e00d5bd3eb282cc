// The windowed app: the main loop, and the off-screen path behind --screenshot.
#pragma once

#include <string>

#include "gui/gui_options.h"

namespace scanscope {

int run_gui(const GuiOptions& options);

// The running window, for the page's script (app/web/page_api.cpp, the browser build); before the
// window runs, the state says "loaded": false and the others do nothing.
// What it shows: the view, the frame, predict mode's question and score, the last notices.
std::string running_state_json();
// One frame drawn now with its texts recorded, as a frame of --layout-json.
std::string running_layout_json();
// A trace file the page wrote into its file system (picked or dropped: `name` on the user's disk).
bool open_trace_in_running(const std::string& path, const std::string& name);

}  // namespace scanscope
