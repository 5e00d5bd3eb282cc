// scanscope list: the variants, with what each takes; --lessons: the lessons, by the names
// --lesson takes.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/cli.h"
#include "cli/commands.h"
#include "model/lessons.h"
#include "platform/data_dir.h"
#include "variants/registry.h"

namespace scanscope {
namespace {

int list_variants(bool details) {
    std::printf("%-30s %-7s %-10s %s\n", "id", "kind", "n", "name");
    for (const VariantInfo& v : all_variants()) {
        const std::string limit = v.max_n ? "1.." + std::to_string(v.max_n) : "any";
        std::printf("%-30s %-7s %-10s %s\n", v.key.c_str(), algorithm_kind(v.algorithm),
                    limit.c_str(), v.name.c_str());
        if (details) std::printf("    source: %s\n    %s\n\n", v.source.c_str(), v.lesson.c_str());
    }
    return kExitOk;
}

int list_lessons() {
    const std::string dir = data_path("assets/lessons");
    if (dir.empty()) {
        std::cerr << "scanscope: assets/lessons not found (set SCANSCOPE_DATA_DIR)\n";
        return kExitFailure;
    }
    std::vector<std::string> errors;
    const std::vector<Lesson> lessons = load_lessons(dir, errors);
    for (const std::string& e : errors)
        std::cerr << "scanscope: " << e << "\n";
    std::printf("%-32s %-28s %s\n", "lesson (for --lesson)", "variant", "title");
    for (const Lesson& l : lessons) {
        std::printf("%-32s %-28s %s\n", l.key.c_str(), l.request.variant.c_str(), l.title.c_str());
        // Its questions for predict mode ('scanscope questions --lesson K --answers' for more).
        for (const LessonQuestion& q : l.questions) {
            const std::string where = q.step > 0 ? "step " + std::to_string(q.step)
                                                 : "tile " + std::to_string(q.script.tile);
            std::printf(
                "    %-9s %-16s %s\n", where.c_str(), question_kind_key(q.kind),
                q.script.prompt.empty() ? "(the generated question)" : q.script.prompt.c_str());
        }
    }
    return errors.empty() ? kExitOk : kExitFailure;
}

}  // namespace

void register_list_command(CLI::App& app, CommandSet& set) {
    CLI::App* list =
        app.add_subcommand("list", "List the variants (or, with --lessons, the lessons)");
    auto lessons = std::make_shared<bool>(false);
    auto details = std::make_shared<bool>(false);
    list->add_flag("--lessons", *lessons, "List the lessons, by the names --lesson takes");
    list->add_flag("--details", *details, "Also print each variant's source and lesson text");
    set.add(list,
            [lessons, details] { return *lessons ? list_lessons() : list_variants(*details); });
}

}  // namespace scanscope
