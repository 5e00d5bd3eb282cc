// The command line: one CLI11 parser for the GUI flags and every subcommand.
#pragma once

#include "gui/gui_options.h"
#include "platform/exit_codes.h"

namespace scanscope {

// Parses argv and runs what it asks. `gui` is null in builds without the windowed app.
int run_cli(int argc, char** argv, GuiEntry gui);

}  // namespace scanscope
