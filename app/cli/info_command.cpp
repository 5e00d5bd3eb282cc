// scanscope info: which device the program would run on, and why.
#include <iostream>

#include "cli/cli.h"
#include "cli/commands.h"
#include "device/device_info.h"
#include "version.h"

namespace scanscope {

void register_info_command(CLI::App& app, CommandSet& set) {
    CLI::App* info =
        app.add_subcommand("info", "Show the version and the device ScanScope runs on");
    set.add(info, [] {
        std::cout << "scanscope " SCANSCOPE_VERSION "\n" << describe(probe_device()) << "\n";
        return kExitOk;
    });
}

}  // namespace scanscope
