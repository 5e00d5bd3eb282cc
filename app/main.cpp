// scanscope: the windowed app and the command line share this entry point.
#include "cli/cli.h"
#include "version.h"

#if SCANSCOPE_BUILT_WITH_GUI
#include "shell/gui_app.h"
#endif

int main(int argc, char** argv) {
#if SCANSCOPE_BUILT_WITH_GUI
    return scanscope::run_cli(argc, argv, &scanscope::run_gui);
#else
    return scanscope::run_cli(argc, argv, nullptr);
#endif
}
