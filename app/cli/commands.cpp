#include "cli/commands.h"

#include <iostream>
#include <new>

#include "cli/cli.h"
#include "variants/run.h"

namespace scanscope {

int run_guarded(const char* name, const std::function<int()>& body) {
    try {
        return body();
    } catch (const CLI::ValidationError& e) {
        std::cerr << "scanscope " << name << ": " << e.what() << "\n";
        return kExitUsage;
    } catch (const BadRequest& e) {
        std::cerr << "scanscope " << name << ": " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::bad_alloc&) {
        throw;  // run_cli says it in words: out of memory
    } catch (const std::exception& e) {
        std::cerr << "scanscope " << name << ": " << e.what() << "\n";
        return kExitFailure;
    }
}

CommandSet register_commands(CLI::App& app) {
    CommandSet set;
    register_info_command(app, set);
    register_list_command(app, set);
    register_capture_command(app, set);
    register_run_command(app, set);
    register_analyze_command(app, set);
    register_bench_command(app, set);
    register_questions_command(app, set);
    register_grade_command(app, set);
#if SCANSCOPE_HAVE_EXPORT
    register_export_command(app, set);
    register_worksheet_command(app, set);
#endif
    return set;
}

}  // namespace scanscope
