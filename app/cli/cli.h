// The command line: one CLI11 parser for the GUI flags and every subcommand.
#pragma once

#include "cli/gui_options.h"

namespace scanscope {

// Exit codes shared by every command.
constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;  // the command ran and failed (e.g. no GPU for --device gpu)
constexpr int kExitUsage = 2;    // unknown flag, bad value, missing argument

// Parses argv and runs what it asks. `gui` is null in builds without the windowed app.
int run_cli(int argc, char** argv, GuiEntry gui);

}  // namespace scanscope
