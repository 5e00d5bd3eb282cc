#include "cli/open_source.h"

#include <iostream>
#include <stdexcept>

#include "capture/capture.h"
#include "model/trace_json.h"
#include "platform/data_dir.h"
#include "scenes/views.h"
#include "variants/run.h"

namespace scanscope {
namespace {

Lesson find_named_lesson(const SourceFlags& f) {
    if (!f.lesson_file.empty()) {
        try {
            return load_lesson(f.lesson_file);
        } catch (const std::runtime_error& e) {
            throw BadRequest(e.what());  // the file is the user's: a usage problem
        }
    }
    std::vector<std::string> errors;
    const std::vector<Lesson> lessons = load_lessons(data_path("assets/lessons"), errors);
    const Lesson* lesson = find_lesson(lessons, f.lesson);
    if (!lesson)
        throw BadRequest("no lesson '" + f.lesson + "'; the lessons are " + lesson_names(lessons));
    return *lesson;
}

// A trace file that contradicts itself is not drawn or asked about as if it were what ran.
void refuse_inconsistent(const SourceFlags& f, const std::string& path,
                         const std::string& problem) {
    if (problem.empty()) return;
    const std::string text = "'" + path + "' contradicts itself at " + problem;
    if (!f.allow_inconsistent)
        throw std::runtime_error(text + "; --allow-inconsistent uses it anyway");
    std::cerr << "scanscope: " << text << " (used anyway: --allow-inconsistent)\n";
}

}  // namespace

void add_source_options(CLI::App* command, SourceFlags& f) {
    add_run_options(command, f.run, false);
    command->add_option("--lesson", f.lesson, "A lesson ('scanscope list --lessons')");
    command->add_option("--lesson-file", f.lesson_file, "A lesson file of your own")
        ->excludes("--lesson");
    command->add_option("--trace", f.trace, "A trace file");
    command->add_option("--compare-trace", f.compare_trace, "A trace to compare with");
    command->add_option("--view", f.view, "The view (default: the trace's own)");
    command->add_flag("--allow-inconsistent", f.allow_inconsistent,
                      "Use a trace file even if it contradicts itself (say where, then go on)");
}

OpenedSource open_source(const SourceFlags& f) {
    OpenedSource out;
    Session& s = out.session;
    std::string view = f.view;
    if (!f.trace.empty()) {
        s.load(load_trace(f.trace), Session::Origin::File);
        refuse_inconsistent(f, f.trace, s.inconsistency());
    } else if (!f.lesson.empty() || !f.lesson_file.empty()) {
        out.lesson = find_named_lesson(f);
        const Lesson& lesson = *out.lesson;
        const std::vector<std::uint32_t> input = lesson_input(lesson);
        s.load(capture_trace(lesson.request, input, DeviceChoice::Auto));
        if (!lesson.compare.empty() && f.compare_trace.empty()) {
            // The partner the lesson names, on the same input, in the form it takes.
            RunRequest partner = lesson.request;
            partner.variant = lesson.compare;
            const VariantInfo& info = *find_variant(partner.variant);  // checked by the loader
            if (!info.multi_block) partner.block_threads = 0;
            if (info.algorithm == Algorithm::Reduce) partner.inclusive = false;
            if (check_request(partner).empty())
                s.set_compare(capture_trace(partner, input, DeviceChoice::Auto));
        }
        if (view.empty()) view = lesson.view;
    } else if (!f.run.variant.empty()) {
        const ResolvedRun run = resolve_run(f.run, RunPurpose::Capture);
        s.load(capture_trace(run.request, run.input, run.device));
    } else {
        throw BadRequest("give --lesson, --lesson-file, --trace or --variant");
    }
    if (!f.compare_trace.empty()) {
        s.set_compare(load_trace(f.compare_trace), Session::Origin::File);
        refuse_inconsistent(f, f.compare_trace, s.compare_inconsistency());
    }
    if (!view.empty()) {
        const ViewInfo* v = find_view(view);
        if (!v) {
            std::string keys;
            for (const ViewInfo& known : all_views())
                keys += (keys.empty() ? "" : ", ") + std::string(known.key);
            throw BadRequest("'" + view + "' is not a view; the views are " + keys);
        }
        if (!view_applies(v->kind, s.trace()))
            throw BadRequest("the " + view + " view has nothing to show for " +
                             s.trace().request.variant);
        s.view = v->kind;
    }
    return out;
}

}  // namespace scanscope
