// What a headless command shows: a lesson (by name or file), a trace file or a capture of a
// variant, with what to compare it with and the view to open. Shared by export and questions.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

#include "cli/run_options.h"
#include "model/lessons.h"
#include "player/session.h"

namespace scanscope {

struct SourceFlags {
    RunOptions run;
    std::string lesson, lesson_file, trace, compare_trace, view;
    bool allow_inconsistent = false;
};

// --lesson, --lesson-file, --trace, --compare-trace, --view, --allow-inconsistent and the run
// options.
void add_source_options(CLI::App* command, SourceFlags& flags);

struct OpenedSource {
    Session session;
    std::optional<Lesson> lesson;
};

// Throws BadRequest for what the user asked wrongly (exit 2), std::runtime_error otherwise: a
// trace file that contradicts itself or its variant's replay (Session::load) among them, unless
// allow_inconsistent (then it says so on stderr and goes on).
OpenedSource open_source(const SourceFlags& flags);

}  // namespace scanscope
