// scanscope export: any view of a lesson, a trace or a variant, for a range of steps, as PNG
// images, an animated GIF, SVG files or a PDF, for slides and handouts. Headless: no window, no
// OpenGL; the same scenes the window draws, painted by Cairo.
#include <iostream>
#include <memory>

#include "capture/capture.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/open_source.h"
#include "cli/run_options.h"
#include "cli/size_option.h"
#include "export/exporter.h"
#include "model/lessons.h"
#include "model/trace_json.h"
#include "platform/data_dir.h"
#include "scenes/views.h"

namespace scanscope {
namespace {

struct ExportFlags {
    SourceFlags source;
    std::string steps, size = "1280x720", theme = "light", palette = "standard";
    double ui_scale = 1.0;
    int delay_ms = 800;
    bool caption = false;
    int max_frames = 0;
    std::string out;
};

// "4..9" or "4": the steps, from 1; 0 for "to the last".
void parse_steps(const std::string& text, int& first, int& last) {
    if (text.empty()) return;
    const std::size_t dots = text.find("..");
    try {
        first = std::stoi(text.substr(0, dots));
        last = dots == std::string::npos ? first : std::stoi(text.substr(dots + 2));
    } catch (const std::exception&) {
        throw ExportError("--steps '" + text + "': expected A..B or A, steps from 1");
    }
}

}  // namespace

void register_export_command(CLI::App& app, CommandSet& set) {
    CLI::App* command = app.add_subcommand(
        "export", "Draw a view for a range of steps to PNG, GIF, SVG or PDF (slides, handouts)");
    auto f = std::make_shared<ExportFlags>();
    add_source_options(command, f->source);
    command->add_option("--steps", f->steps, "Steps A..B or A, from 1 (default: all)");
    command->add_option("--size", f->size, "Image size in pixels (PDF and SVG: points)");
    command->add_option("--theme", f->theme, "Colour theme")
        ->check(CLI::IsMember({"dark", "light"}));
    command->add_option("--palette", f->palette, "standard or colorblind")
        ->check(CLI::IsMember({"standard", "colorblind"}));
    command->add_option("--ui-scale", f->ui_scale, "Text size, as the window's UI scale")
        ->check(CLI::Range(0.5, 4.0));
    command->add_option("--delay", f->delay_ms, "GIF: milliseconds per frame")
        ->check(CLI::Range(20, 60000));
    command->add_flag("--caption", f->caption,
                      "Print each step's caption and sentence (the lesson's own where it has one) "
                      "above its picture");
    command
        ->add_option("--max-frames", f->max_frames,
                     "Allow this many frames (default " + std::to_string(kDefaultMaxFrames) +
                         "; an export of more is refused)")
        ->check(CLI::Range(1, 1000000));
    command
        ->add_option("--out", f->out,
                     "File: .png, .gif, .svg or .pdf (PNG and SVG: one "
                     "file per step, numbered, when there are several)")
        ->required();
    set.add(command, [f] {
        return run_guarded("export", [&] {
            ExportOptions o;
            o.out = f->out;
            o.ui_scale = f->ui_scale;
            o.delay_ms = f->delay_ms;
            o.caption = f->caption;
            o.max_frames = f->max_frames;
            const auto size = parse_pixel_size(f->size);
            if (!size) throw ExportError("--size '" + f->size + "': expected WIDTHxHEIGHT");
            o.width = size->width, o.height = size->height;
            parse_steps(f->steps, o.first, o.last);
            OpenedSource opened = open_source(f->source);
            Session& s = opened.session;
            if (opened.lesson) o.lesson_narration = &opened.lesson->narration;
            Theme theme = builtin_theme(f->theme);
            apply_palette(theme, f->palette);
            for (const std::string& path : export_view(s, theme, o))
                std::cout << "wrote " << path << "\n";
            return kExitOk;
        });
    });
}

}  // namespace scanscope
