// The subcommands hanging off the one parser. Each command module adds itself to the parser and
// says how to run once parsing has picked it.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <vector>

namespace scanscope {

constexpr int kNoCommandSelected = -1;

class CommandSet {
  public:
    void add(CLI::App* subcommand, std::function<int()> run) {
        commands_.push_back({subcommand, std::move(run)});
    }
    // The exit code of the subcommand parsing picked, or kNoCommandSelected.
    int run_selected() const {
        for (const auto& command : commands_)
            if (command.app->parsed()) return command.run();
        return kNoCommandSelected;
    }

  private:
    struct Command {
        CLI::App* app;
        std::function<int()> run;
    };
    std::vector<Command> commands_;
};

// Runs a subcommand's body; what it throws becomes "scanscope NAME: what" on stderr and the exit
// code: 2 for a usage problem (CLI::ValidationError, BadRequest), 1 for any other failure
// (std::bad_alloc goes on up to run_cli, which says "out of memory").
int run_guarded(const char* name, const std::function<int()>& body);

// Adds every subcommand to `app`.
CommandSet register_commands(CLI::App& app);

// One registration function per command module.
void register_info_command(CLI::App& app, CommandSet& set);
void register_list_command(CLI::App& app, CommandSet& set);
void register_capture_command(CLI::App& app, CommandSet& set);
void register_export_command(CLI::App& app, CommandSet& set);     // where Cairo and giflib are
void register_worksheet_command(CLI::App& app, CommandSet& set);  // with export
void register_run_command(CLI::App& app, CommandSet& set);
void register_analyze_command(CLI::App& app, CommandSet& set);
void register_bench_command(CLI::App& app, CommandSet& set);
void register_questions_command(CLI::App& app, CommandSet& set);
void register_grade_command(CLI::App& app, CommandSet& set);  // and the kernels' child process

}  // namespace scanscope
