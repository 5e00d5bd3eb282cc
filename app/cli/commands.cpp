#include "cli/commands.h"

namespace scanscope {

CommandSet register_commands(CLI::App& app) {
    CommandSet set;
    register_info_command(app, set);
    register_list_command(app, set);
    register_capture_command(app, set);
    register_run_command(app, set);
    register_analyze_command(app, set);
    register_bench_command(app, set);
#if SCANSCOPE_HAVE_EXPORT
    register_export_command(app, set);
#endif
    return set;
}

}  // namespace scanscope
