// The windowed app: the main loop, and the off-screen path behind --screenshot.
#pragma once

#include "gui/gui_options.h"

namespace scanscope {

int run_gui(const GuiOptions& options);

}  // namespace scanscope
