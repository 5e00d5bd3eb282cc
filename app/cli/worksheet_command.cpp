// scanscope worksheet: a lesson's questions as a PDF to print, each with the picture it is asked
// from and room to answer, the answer key on the last pages.
#include <iostream>
#include <memory>

#include "analysis/questions.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/open_source.h"
#include "cli/size_option.h"
#include "export/exporter.h"
#include "export/worksheet.h"

namespace scanscope {
namespace {

struct WorksheetFlags {
    SourceFlags source;
    std::string out, title, size = "842x595", palette = "standard";
    bool all = false;
};

int make_worksheet(const WorksheetFlags& f) {
    OpenedSource opened = open_source(f.source);
    Session& s = opened.session;
    const Trace& trace = s.trace();
    std::vector<Question> scripted;
    if (opened.lesson) {
        try {
            scripted = scripted_questions(trace, opened.lesson->questions, s.bank_config());
        } catch (const std::runtime_error& e) {
            throw BadRequest("lesson '" + opened.lesson->key + "': " + e.what());
        }
    }
    // The lesson's own questions; with --all (or no lesson), every step's, as predict mode asks.
    const bool only_scripted = opened.lesson && !f.all;
    const std::vector<Question> questions =
        all_questions(trace, scripted, s.bank_config(), only_scripted);
    WorksheetOptions o;
    o.out = f.out;
    o.title = !f.title.empty() ? f.title
              : opened.lesson  ? opened.lesson->title
                               : trace.request.variant;
    const auto size = parse_pixel_size(f.size);
    if (!size) throw ExportError("--size '" + f.size + "': expected WIDTHxHEIGHT (points)");
    if (size->width < 300 || size->height < 300 || size->width > 4000 || size->height > 4000)
        throw ExportError("--size: from 300x300 to 4000x4000 points");
    o.width = size->width, o.height = size->height;
    if (opened.lesson) o.lesson_narration = &opened.lesson->narration;
    Theme theme = builtin_theme("light");  // paper
    apply_palette(theme, f.palette);
    write_worksheet(s, theme, questions, o);
    std::cout << "wrote " << o.out << " (" << questions.size()
              << " questions and the answer key)\n";
    return kExitOk;
}

}  // namespace

void register_worksheet_command(CLI::App& app, CommandSet& set) {
    CLI::App* command = app.add_subcommand(
        "worksheet", "A lesson's questions as a PDF to print: pictures, room to answer, the key");
    auto f = std::make_shared<WorksheetFlags>();
    add_source_options(command, f->source);
    command->add_option("--out", f->out, "The PDF to write")->required();
    command->add_option("--title", f->title, "Title on each page (default: the lesson's)");
    command->add_option("--size", f->size, "Page size in points (default 842x595, A4 landscape)");
    command->add_option("--palette", f->palette, "standard or colorblind")
        ->check(CLI::IsMember({"standard", "colorblind"}));
    command->add_flag("--all", f->all,
                      "Every step's question, as predict mode asks them (default: the lesson's "
                      "own)");
    set.add(command, [f] { return run_guarded("worksheet", [&] { return make_worksheet(*f); }); });
}

}  // namespace scanscope
