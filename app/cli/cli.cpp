#include "cli/cli.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/run_options.h"
#include "cli/size_option.h"
#include "cli/student_options.h"
#include "device/device_info.h"
#include "scenes/views.h"
#include "variants/registry.h"
#include "version.h"

namespace scanscope {
namespace {

std::string version_text() {
    std::string text = "scanscope " SCANSCOPE_VERSION;
    text += SCANSCOPE_BUILT_WITH_CUDA
                ? " (GPU code for CUDA architectures " SCANSCOPE_CUDA_ARCHITECTURES ")"
                : " (no GPU code: CPU emulation only)";
    text += SCANSCOPE_BUILT_WITH_GUI ? "" : " (no GUI)";
    return text;
}

}  // namespace

int run_cli(int argc, char** argv, GuiEntry gui) {
    CLI::App app{
        "ScanScope: see how GPUs scan and reduce, step by step.\n"
        "Without a subcommand it opens the window.",
        "scanscope"};
    app.set_version_flag("--version", version_text());
    app.footer("Run 'scanscope SUBCOMMAND --help' for a subcommand's options.\n");

    GuiOptions gui_options;
    std::string size_text;
    app.add_option("--screenshot", gui_options.screenshot_path,
                   "Render the window off screen and write it to this PNG file, then exit");
    app.add_option("--frames", gui_options.frames, "Frames to render before the screenshot")
        ->check(CLI::Range(1, 10000));
    app.add_option("--size", size_text, "Window or screenshot size in pixels, e.g. 1600x1000")
        ->check([](const std::string& text) -> std::string {
            return parse_pixel_size(text)
                       ? std::string()
                       : "expected WIDTHxHEIGHT with sides from " + std::to_string(kMinImageSide) +
                             " to " + std::to_string(kMaxImageSide) + ", got '" + text + "'";
        });
    app.add_option("--ui-scale", gui_options.ui_scale,
                   "Scale of text and widgets (e.g. 2 for a projector); default: the monitor's")
        ->check([](const std::string& text) -> std::string {
            // CLI::Range would print its bounds as 0.500000 and 4.000000.
            char* end = nullptr;
            const double scale = std::strtod(text.c_str(), &end);
            if (end == text.c_str() || *end || !(scale >= 0.5 && scale <= 4))
                return "expected a UI scale from 0.5 to 4 (2 for a projector), got '" + text + "'";
            return {};
        });
    app.add_option("--theme", gui_options.theme, "Colour theme")
        ->check(CLI::IsMember({"dark", "light"}));
    app.add_flag("--open-export", gui_options.open_export,
                 "Start with File > Export open (for a screenshot of it)");
    app.add_option("--banks-beside", gui_options.banks,
                   "Presenter mode: the Banks drawing beside the canvas (shown), not (hidden), or "
                   "where it teaches and in predict mode (auto, the default; B toggles it)")
        ->check(CLI::IsMember({"auto", "shown", "hidden"}));
    app.add_flag("--presenter", gui_options.presenter,
                 "Presenter mode: the canvas, the Banks drawing and the narration in large type "
                 "(F11 or P toggles it)");
    app.add_option("--palette", gui_options.palette,
                   "Colours of the views: standard, or colorblind (Okabe-Ito, viridis)")
        ->check(CLI::IsMember({"standard", "colorblind"}));
    RunOptions run_options;  // resolved below into gui_options.run: the window gets a run
    add_run_options(&app, run_options, false);
    app.add_option("--lesson", gui_options.lesson,
                   "Open a lesson (a file name in assets/lessons, without .json)");
    app.add_option("--lesson-file", gui_options.lesson_file,
                   "Open a lesson file of your own (the format: README, 'Writing a lesson')")
        ->excludes("--lesson");
    app.add_option("--trace", gui_options.trace_file, "Open a trace file")
        ->excludes("--lesson")
        ->excludes("--lesson-file");
    app.add_option("--kernel", gui_options.kernel,
                   "Open your own kernel file (captured now and whenever it changes)")
        ->excludes("--lesson")
        ->excludes("--trace")
        ->excludes("--variant");
    app.add_option("--like", gui_options.like, "With --kernel: the variant to compare it with")
        ->needs("--kernel");
    app.add_flag("--no-sandbox", gui_options.no_sandbox, kNoSandboxHelp)->needs("--kernel");
    app.add_flag("--predict", gui_options.predict,
                 "Predict mode: each step is shown only after you answer a question about it");
    std::string answers_text;
    app.add_option("--answer", answers_text,
                   "With --predict and --screenshot: answer the first questions, e.g. A or B,C")
        ->check([](const std::string& text) -> std::string {
            for (std::size_t i = 0; i < text.size(); i += 2)
                if (text[i] < 'A' || text[i] > 'H' || (i + 1 < text.size() && text[i + 1] != ','))
                    return "expected letters A to H separated by commas, got '" + text + "'";
            return {};
        });
    app.add_option("--scores", gui_options.scores_path,
                   "Predict mode's score file (default: $XDG_DATA_HOME/scanscope/scores.json)");
    std::vector<std::string> views;  // the views as declared once (scenes/views.cpp)
    for (const ViewInfo& v : all_views())
        views.push_back(v.key);
    app.add_option("--view", gui_options.view, "View to show")->check(CLI::IsMember(views));
    app.add_option("--step", gui_options.step, "Step (or look-back event) to show, from 1")
        ->check(CLI::Range(1, 1 << 30));
    app.add_option("--block", gui_options.block, "Block to show")->check(CLI::Range(0, 1 << 30));
    app.add_option("--lookback", gui_options.lookback,
                   "The look-back view's launch, from 1, among those that look back (a radix "
                   "sort's passes)")
        ->check(CLI::Range(1, 1 << 30));
    app.add_option("--compare", gui_options.compare, "Variant to compare with")
        ->check([](const std::string& key) -> std::string {
            if (find_variant(key)) return {};
            std::string ids;
            for (const VariantInfo& v : all_variants())
                ids += (ids.empty() ? "" : ", ") + v.key;
            return "unknown variant '" + key + "'; the variants are " + ids;
        });
    app.add_option("--compare-trace", gui_options.compare_trace,
                   "Compare with this trace file (the Compare view), e.g. a padded capture")
        ->excludes("--compare");
    app.add_option("--timings", gui_options.timings,
                   "Time the Timings panel's variants at these sizes first (e.g. 2^10..2^16)");
    auto* layout_json =
        app.add_option("--layout-json", gui_options.layout_json_path,
                       "With --screenshot: also write every text the frame drew on the canvas, the "
                       "Banks drawing, the narration and the Predict panel (string, pixel box, "
                       "font size, role, focus) to this JSON file")
            ->needs("--screenshot");
    app.add_flag("--layout-all-steps", gui_options.layout_all_steps,
                 "With --layout-json: one layout for every step (or event) from --step on, each "
                 "drawn as the window would draw it")
        ->needs(layout_json);
    app.add_flag("--benchmark-frames", gui_options.benchmark,
                 "With --screenshot: print each frame's time (scripts/bench-frames.sh)");

    CommandSet commands = register_commands(app);
    app.callback([&] {
        for (std::size_t i = 0; i < answers_text.size(); i += 2)
            gui_options.answers.push_back(answers_text[i] - 'A');
    });

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "scanscope: " << e.what() << "\nRun 'scanscope --help' for usage.\n";
        return kExitUsage;
    }

    try {
        if (int code = commands.run_selected(); code != kNoCommandSelected) return code;
    } catch (const std::bad_alloc&) {
        std::cerr << "scanscope: out of memory (the request needs more memory than this machine "
                     "gives the program); try a smaller --n\n";
        return kExitFailure;
    }

    if (!size_text.empty()) {
        PixelSize size = *parse_pixel_size(size_text);
        gui_options.width = size.width;
        gui_options.height = size.height;
    }
    gui_options.input_text = run_options.input_list;
    if (!gui_options.kernel.empty()) {
        // Your kernel runs on the input asked for: --n values from --seed, the type, the
        // operator and the scan kind (not Harris's eight values whatever was asked).
        if (run_options.n > 4096) {
            std::cerr << "scanscope: --n " << run_options.n
                      << ": the window shows up to 4096 elements (capture takes more)\n";
            return kExitUsage;
        }
        gui_options.kernel_n = run_options.n;
        gui_options.kernel_seed = app.count("--seed") ? run_options.seed : 0;
        gui_options.kernel_floats =
            type_for_kernel(gui_options.kernel, run_options.type) == "float";
        gui_options.kernel_max = run_options.op == "max";
        gui_options.kernel_inclusive = run_options.inclusive;
    }
    if (!run_options.variant.empty()) {
        try {
            gui_options.run = resolve_run(run_options, RunPurpose::Capture);
        } catch (const CLI::ValidationError& e) {
            std::cerr << "scanscope: " << e.what() << "\n";
            return kExitUsage;
        } catch (const std::exception& e) {
            std::cerr << "scanscope: " << e.what() << "\n";
            return kExitFailure;
        }
    }
    if (!gui) {
        std::cerr << "scanscope: this build has no window (configured with SCANSCOPE_GUI=OFF).\n"
                     "Use a subcommand; 'scanscope --help' lists them.\n";
        return kExitFailure;
    }
    try {
        return gui(gui_options);
    } catch (const std::bad_alloc&) {
        std::cerr << "scanscope: out of memory\n";
        return kExitFailure;
    }
}

}  // namespace scanscope
