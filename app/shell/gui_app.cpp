#include "shell/gui_app.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "gui/app_state.h"
#include "gui/capture_jobs.h"
#include "gui/imgui_layer.h"
#include "gui/keys.h"
#include "gui/layout.h"
#include "gui/layout_log.h"
#include "gui/png_file.h"
#include "gui/render_target.h"
#include "gui/trace_files.h"
#include "gui/window.h"
#include "model/input_values.h"
#include "platform/browser.h"
#include "platform/data_dir.h"
#include "platform/exit_codes.h"
#include "platform/file_write.h"
#include "render/gl_api.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

constexpr const char* kFirstLesson = "01-harris-blelloch";

Theme load_named_theme(const std::string& name, AppState& state) {
    const std::string path = data_path("assets/themes/" + name + ".json");
    if (path.empty()) {
        state.notify(Notice::Level::Warning,
                     "assets not found: using the built-in " + name + " theme");
        return builtin_theme(name);
    }
    std::string error;
    if (auto theme = load_theme_file(path, error)) return *theme;
    state.notify(Notice::Level::Warning, error + "; using the built-in theme");
    return builtin_theme(name);
}

// The theme the state asks for, in the palette it asks for.
Theme wanted_theme(AppState& state) {
    Theme theme = load_named_theme(state.theme_name, state);
    apply_palette(theme, state.palette);
    return theme;
}

void load_lessons_into(AppState& state) {
    const std::string dir = data_path("assets/lessons");
    if (dir.empty()) return;
    std::vector<std::string> errors;
    state.lessons = load_lessons(dir, errors);
    for (const std::string& e : errors)
        state.notify(Notice::Level::Warning, e);
}

// What the command line asked to open. Returns kExitOk, or the exit code after printing why:
// kExitUsage for what the command line got wrong, kExitFailure for a file or run that failed.
// --predict: questions from the step shown on. For screenshots, the next step is asked at once
// and --answer answers it (and the ones after), so the question and its reveal can be shot.
int predict_from_options(const GuiOptions& options, AppState& state) {
    PredictState& p = state.predict;
    p.scores_path = options.scores_path.empty() ? default_scores_path() : options.scores_path;
    std::string note;
    if (!p.scores_path.empty()) p.scores = load_scores(p.scores_path, &note);
    if (!note.empty()) state.notify(Notice::Level::Warning, note);
    Session& s = state.session;
    if (!options.predict || !s.loaded()) return kExitOk;
    p.predictor.set_enabled(s, true);
    if (s.timeline().position() > 0) {
        // Said, not silently skipped: the questions of the steps before the one opened at.
        const char* unit = s.view == ViewKind::LookBack ? "event" : "step";
        state.notify(Notice::Level::Info,
                     std::string("Predict mode asks from ") + unit + " " +
                         std::to_string(s.timeline().position() + 2) + " on: the " + unit +
                         "s before it were shown without their questions (Home goes back to "
                         "the first)");
    }
    if (options.screenshot_path.empty()) return kExitOk;
    // The shot shows the next question there is (a lesson's may be several steps on), then its
    // answers' reveals.
    const auto next_question = [&] {
        Timeline& t = s.timeline();
        do {
            t.forward();
            p.predictor.hold(s);
        } while (!p.predictor.pending() && t.position() + 1 < t.size());
    };
    for (std::size_t i = 0; i <= options.answers.size(); ++i) {
        next_question();
        if (i == options.answers.size() || !p.predictor.pending()) break;
        if (options.answers[i] >= int(p.predictor.pending()->choices.size())) {
            std::cerr << "scanscope: --answer: the question has "
                      << p.predictor.pending()->choices.size() << " choices\n";
            return kExitUsage;
        }
        answer_question(state, options.answers[i]);
        if (i + 1 == options.answers.size()) break;  // show this reveal
    }
    return kExitOk;
}

int open_from_options(const GuiOptions& options, AppState& state) {
    CaptureJob job;
    std::string what;
    if (!options.trace_file.empty()) {
        try {
            load_trace_into(state, options.trace_file, options.trace_file);
        } catch (const std::exception& e) {
            std::cerr << "scanscope: " << e.what() << "\n";
            return kExitFailure;
        }
    } else if (!options.kernel.empty()) {
        // --kernel: a student's file, captured now, watched from then on.
        state.kernel.path = options.kernel;
        state.kernel.trusted = options.no_sandbox;
        const auto& variants = all_variants();
        for (std::size_t i = 0; i < variants.size(); ++i)
            if (variants[i].key == (options.like.empty() ? "blelloch" : options.like))
                state.kernel.like = int(i);
        if (!options.input_text.empty()) {
            state.form.typed_input = true;
            state.form.typed = options.input_text;
        } else if (options.kernel_n > 0 || options.kernel_seed > 0) {
            state.form.typed_input = false;
            state.form.n = options.kernel_n > 0 ? options.kernel_n : state.form.n;
            if (options.kernel_seed > 0) state.form.seed = int(options.kernel_seed);
        }
        state.form.floats = options.kernel_floats;
        state.form.max = options.kernel_max;
        state.form.inclusive = options.kernel_inclusive;
        std::error_code ec;
        state.kernel.seen =
            std::filesystem::last_write_time(options.kernel, ec).time_since_epoch().count();
        // A kernel that does not compile yet opens all the same: its errors stay in view, and
        // saving the file captures it again.
        apply_outcome(state, run_job(job_from_kernel(state)), "your kernel");
    } else if (options.run) {
        // Resolved and checked by the command line.
        const ResolvedRun& run = *options.run;
        job.request = run.request;
        job.input = run.input;
        job.device = run.device;
        job.compare_variant =
            options.compare.empty() ? default_partner(run.request.variant) : options.compare;
        what = run.request.variant;
    } else {
        std::string key = options.lesson.empty() ? kFirstLesson : options.lesson;
        if (!options.lesson_file.empty()) {
            try {
                state.lessons.push_back(load_lesson(options.lesson_file));
                key = state.lessons.back().key;
            } catch (const std::exception& e) {
                std::cerr << "scanscope: " << e.what() << "\n";
                return kExitUsage;
            }
        }
        const Lesson* lesson = find_lesson(state.lessons, key);
        if (!lesson) {
            if (options.lesson.empty()) return kExitOk;  // no lessons installed: start empty
            std::cerr << "scanscope: no lesson '" << key << "'; the lessons are "
                      << lesson_names(state.lessons) << "\n";
            return kExitUsage;
        }
        state.lesson = int(lesson - state.lessons.data());
        job = job_from_lesson(*lesson);
        if (!options.compare.empty()) job.compare_variant = options.compare;
        what = "lesson '" + lesson->title + "'";
    }
    if (!what.empty()) {
        CaptureOutcome outcome = run_job(job);
        if (!outcome.error.empty()) {
            std::cerr << "scanscope: " << outcome.error << "\n";
            return kExitFailure;
        }
        apply_outcome(state, std::move(outcome), what);
    }
    Session& s = state.session;
    if (!s.loaded()) return kExitOk;
    if (!options.compare_trace.empty()) {
        try {
            compare_with_file(state, options.compare_trace);
        } catch (const std::exception& e) {
            std::cerr << "scanscope: --compare-trace: " << e.what() << "\n";
            return kExitFailure;
        }
    }
    if (!options.view.empty()) {
        const ViewInfo* v = find_view(options.view);
        if (!v || !view_applies(v->kind, s.trace())) {
            std::cerr << "scanscope: the " << options.view << " view has nothing to show for "
                      << s.trace().request.variant << "\n";
            return kExitUsage;
        }
        s.view = v->kind;
    }
    if (options.block >= s.trace().max_grid()) {
        std::cerr << "scanscope: --block " << options.block << ": the trace's launches have "
                  << s.trace().max_grid() << " block(s), 0.." << s.trace().max_grid() - 1 << "\n";
        return kExitUsage;
    }
    s.block = options.block;
    if (options.lookback > 0) {
        const std::vector<int> launches = lookback_launches(s.trace());
        if (options.lookback > int(launches.size())) {
            std::cerr << "scanscope: --lookback " << options.lookback << ": the trace has "
                      << launches.size() << " launch(es) that look back\n";
            return kExitUsage;
        }
        s.show_lookback_of(launches[std::size_t(options.lookback - 1)]);
    }
    if (options.step > s.timeline().size()) {
        std::cerr << "scanscope: --step " << options.step << ": the " << view_info(s.view).name
                  << " view has " << s.timeline().size()
                  << (s.view == ViewKind::LookBack ? " events" : " steps") << ", 1.."
                  << s.timeline().size() << "\n";
        return kExitUsage;
    }
    if (options.step > 0) s.timeline().seek(options.step - 1);
    return predict_from_options(options, state);
}

// --timings: what the Timings panel's Run would show, timed before the first frame.
bool time_from_options(const GuiOptions& options, AppState& state) {
    if (options.timings.empty()) return true;
    BenchOptions o;
    o.variants = default_timed_variants();
    try {
        o.sizes = parse_sizes(options.timings);
        o.reps = state.timings.reps;
        state.timings.report = run_bench(o);
        state.timings.show_table = true;
    } catch (const std::exception& e) {
        std::cerr << "scanscope: --timings: " << e.what() << "\n";
        return false;
    }
    return true;
}

// Whether the Banks drawing teaches in this lesson: it asks about banks, or compares a kernel with
// its padded twin. Elsewhere presenter mode gives the canvas the screen (B brings the banks back).
bool banks_teach(const AppState& state) {
    const Lesson* lesson = state.open_lesson();
    if (!lesson) return false;
    for (const LessonQuestion& q : lesson->questions)
        if (q.kind == QuestionKind::ConflictDegree || q.kind == QuestionKind::WorstBank)
            return true;
    return false;
}

bool banks_beside(const AppState& state) {
    switch (state.presenter_banks) {
        case AppState::BanksBeside::Shown:
            return true;
        case AppState::BanksBeside::Hidden:
            return predict_panel_shown(state);  // the question needs its place
        case AppState::BanksBeside::Auto:
            break;
    }
    // The Compare view is the Banks drawing twice already: the canvas takes the width.
    const bool compare = state.session.loaded() && state.session.view == ViewKind::Compare;
    return (banks_teach(state) && !compare) || state.predict.predictor.enabled();
}

void handle_shortcuts(AppState& state, float monitor_scale) {
    if (key_pressed(Key::F1, false)) state.show_keyboard_help = !state.show_keyboard_help;
    if (key_pressed(Key::F2, false) && state.session.loaded())
        state.predict.predictor.set_enabled(state.session, !state.predict.predictor.enabled());
    if (key_pressed(Key::F11, false) || (!ctrl_held() && key_pressed(Key::P, false)))
        state.presenter = !state.presenter;
    if (!ctrl_held() && key_pressed(Key::B, false))
        state.presenter_banks =
            banks_beside(state) ? AppState::BanksBeside::Hidden : AppState::BanksBeside::Shown;
    if (!ctrl_held() && state.session.loaded()) {
        // [ and ]: follow the warp before or after (presenter mode draws what it does large).
        Session& s = state.session;
        int warps = 1;
        for (const Launch& l : s.trace().launches)
            warps = std::max(warps, (l.block + 31) / 32);
        if (key_pressed(Key::LeftBracket)) s.focus_warp = (s.focus_warp + warps - 1) % warps;
        if (key_pressed(Key::RightBracket)) s.focus_warp = (s.focus_warp + 1) % warps;
    }
    if (ctrl_held()) {
        if (key_pressed(Key::Q, false)) state.quit = true;
        if (key_pressed(Key::Equal) || key_pressed(Key::Plus)) state.requested_ui_scale += 0.25f;
        if (key_pressed(Key::Minus)) state.requested_ui_scale -= 0.25f;
        if (key_pressed(Key::Zero, false)) state.requested_ui_scale = monitor_scale;
        state.requested_ui_scale = std::clamp(state.requested_ui_scale, 0.5f, 4.0f);
        return;
    }
    if (!state.session.loaded()) return;
    Timeline& t = state.session.timeline();
    if (key_pressed(Key::Space, false)) t.toggle_play();
    if (key_pressed(Key::Right)) t.forward();
    if (key_pressed(Key::Left)) t.back();
    if (key_pressed(Key::Home, false)) t.home();
    if (key_pressed(Key::End, false)) t.end();
    if (key_pressed(Key::Plus) || (key_pressed(Key::Equal) && ImGui::GetIO().KeyShift)) t.faster();
    if (key_pressed(Key::Minus)) t.slower();
}

// Builds one frame's UI and returns where its panels went. display_w/h > 0 force the frame's
// size (screenshots).
PanelLayout build_frame(AppState& state, Canvases& canvases, ImGuiLayer& ui, float monitor_scale,
                        int display_w, int display_h) {
    // A window too small for the asked-for scale uses a smaller one (fitting_ui_scale); the
    // window's size is the last frame's (screenshots: the forced size).
    float scale = state.requested_ui_scale;
    {
        const ImVec2 last = ImGui::GetIO().DisplaySize;
        const float w = display_w > 0 ? float(display_w) : last.x,
                    h = display_h > 0 ? float(display_h) : last.y;
        if (w > 0 && h > 0) scale = fitting_ui_scale(w, h, scale);
    }
    state.ui_scale_reduced = scale < state.requested_ui_scale;
    if (scale != ui.scale()) ui.set_scale(scale);
    {
        // Presenter mode's legible size follows the window's height (the last frame's; a
        // screenshot's forced one).
        const float h = display_h > 0 ? float(display_h) : ImGui::GetIO().DisplaySize.y;
        ui.set_legible_px(state.presenter && h > 0 ? std::ceil(0.04f * h) : 0.0f);
    }
    if (state.theme_name != ui.theme().name || state.palette != ui.theme().palette)
        ui.set_theme(wanted_theme(state));
    ui.new_frame(display_w, display_h);
    layout_log().clear();
    collect_job(state);
    watch_kernel(state, ImGui::GetIO().DeltaTime);
    if (state.session.loaded()) state.session.timeline().update(ImGui::GetIO().DeltaTime);
    state.predict.predictor.hold(state.session);

    const UiFonts& fonts = ui.fonts();
    const Theme& theme = ui.theme();
    const float top = draw_menu_bar(state, fonts);
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    const PanelLayout layout = compute_layout(
        size.x, size.y, top, ui.scale(),
        state.presenter ? LayoutMode::Presenter : LayoutMode::Normal, banks_beside(state),
        state.presenter ? large_timeline_height(state, fonts, size.x) : 0.0f);
    if (layout.mode == LayoutMode::Normal && !layout.side_panels_folded) {
        if (!layout.controls_folded) draw_controls_panel(state, layout.controls, fonts);
        draw_canvas_panel(state, canvases, layout.canvas, fonts, theme);
        draw_code_panel(state, layout.code, fonts, theme);
        draw_banks_panel(state, canvases, layout.banks, fonts, theme);
        draw_timings_panel(state, layout.timings, fonts, theme);
        if (layout.controls_folded && state.overlay_controls) {
            set_panels_are_overlays(true);
            draw_controls_panel(state, layout.overlay_left, fonts);
            set_panels_are_overlays(false);
        }
    } else {
        draw_canvas_panel(state, canvases, layout.canvas, fonts, theme);
        if (layout.banks.w >= 1 && layout.banks.h >= 1)  // presenter mode may give it no room
            draw_banks_panel(state, canvases, layout.banks, fonts, theme);
        // Presenter mode, or a window too short for the side panels: canvas and Banks side by
        // side, the side panels asked back in front of the canvas.
        set_panels_are_overlays(true);
        if (state.overlay_controls) draw_controls_panel(state, layout.overlay_left, fonts);
        Rect right = layout.overlay_right;
        if (state.overlay_code && state.overlay_timings) right.h = std::round(right.h / 2);
        if (state.overlay_code) draw_code_panel(state, right, fonts, theme);
        if (state.overlay_timings) {
            Rect below = right;
            if (state.overlay_code) below.y += right.h;
            draw_timings_panel(state, below, fonts, theme);
        }
        set_panels_are_overlays(false);
    }
    draw_predict_panel(state, layout.banks, fonts, theme);
    draw_timeline_bar(state, layout.timeline, fonts, theme,
                      {layout.mode == LayoutMode::Presenter, layout.mode == LayoutMode::Presenter ||
                                                                 layout.controls_folded ||
                                                                 layout.side_panels_folded});
    draw_status_line(state, layout.status, fonts, theme);
    draw_dialogs(state, fonts);
#if SCANSCOPE_HAVE_EXPORT
    draw_export_dialog(state, theme);
#endif
    handle_shortcuts(state, monitor_scale);
    return layout;
}

nlohmann::json rect_json(const Rect& r) {
    return {r.x, r.y, r.w, r.h};
}

// One frame's layout: where the panels went and every text the log read from the draw lists.
nlohmann::json frame_layout(const AppState& state, const PanelLayout& layout) {
    nlohmann::json f;
    const Session& s = state.session;
    if (s.loaded()) {
        f["view"] = view_info(s.view).key;
        f["frame"] = s.timeline().position() + 1;
        f["frames"] = s.timeline().size();
    }
    f["canvas"] = rect_json(layout.canvas);
    f["banks"] = rect_json(layout.banks);
    f["timeline"] = rect_json(layout.timeline);
    nlohmann::json texts = nlohmann::json::array();
    for (const DrawnText& t : layout_log().texts()) {
        nlohmann::json j{{"panel", t.panel},        {"role", text_role_name(t.role)},
                         {"text", t.text},          {"font_px", t.font_px},
                         {"box", rect_json(t.box)}, {"visible", rect_json(t.visible)},
                         {"focus", t.focus}};
        texts.push_back(std::move(j));
    }
    f["texts"] = std::move(texts);
    return f;
}

nlohmann::json layout_header(const GuiOptions& options, const AppState& state, float ui_scale) {
    return {{"format", "scanscope-layout"},
            {"version", 1},
            {"width", options.width},
            {"height", options.height},
            {"ui_scale", ui_scale},
            {"presenter", state.presenter},
            {"theme", state.theme_name},
            {"palette", state.palette},
            {"frames", nlohmann::json::array()}};
}

void clear_to(const Color& c) {
    glClearColor(c.r, c.g, c.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

// The frame built last, drawn into an off-screen target (a screenshot, a saved step).
void draw_frame_into(RenderTarget& target, ImGuiLayer& ui) {
    target.bind();
    clear_to(ui.theme().background);
    ui.render();
}

int take_screenshot(const GuiOptions& options, AppState& state, Canvases& canvases, ImGuiLayer& ui,
                    float monitor_scale) {
    RenderTarget target;
    if (!target.resize(options.width, options.height)) {
        std::cerr << "scanscope: the OpenGL driver refused a " << options.width << "x"
                  << options.height << " off-screen framebuffer\n";
        return kExitFailure;
    }
    std::vector<double> frame_ms;
    const bool layouts = !options.layout_json_path.empty();
    layout_log().enabled = layouts;
    nlohmann::json layout_file = layout_header(options, state, ui.scale());
    if (layouts && options.layout_all_steps && state.session.loaded()) {
        // Every step from the one shown on, each as the window draws it (two frames: the first
        // settles the fonts and the camera); the pixels are drawn only for the last.
        Timeline& t = state.session.timeline();
        for (int step = std::max(t.position(), 0); step < t.size(); ++step) {
            t.seek(step);
            for (int frame = 0; frame < 2; ++frame) {
                const PanelLayout layout =
                    build_frame(state, canvases, ui, monitor_scale, options.width, options.height);
                ImGui::Render();
                if (frame == 1) layout_file["frames"].push_back(frame_layout(state, layout));
            }
        }
        layout_file["ui_scale"] = ui.scale();
    }
    for (int frame = 0; frame < options.frames; ++frame) {
        const auto start = std::chrono::steady_clock::now();
        const PanelLayout layout =
            build_frame(state, canvases, ui, monitor_scale, options.width, options.height);
        if (layouts && !options.layout_all_steps && frame + 1 == options.frames) {
            layout_file["frames"].push_back(frame_layout(state, layout));
            layout_file["ui_scale"] = ui.scale();
        }
        draw_frame_into(target, ui);
        glFinish();  // the frame's time includes the GPU's (or llvmpipe's) work
        frame_ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    if (options.benchmark) {
        std::printf("renderer: %s\n", state.gl_renderer.c_str());
        for (std::size_t i = 0; i < frame_ms.size(); ++i)
            std::printf("frame %zu: %.3f ms\n", i, frame_ms[i]);
    }
    std::string error;
    if (!write_png(options.screenshot_path, target.width(), target.height(), target.read_rgba(),
                   error)) {
        std::cerr << "scanscope: " << error << "\n";
        return kExitFailure;
    }
    if (layouts) {
        try {
            write_file(options.layout_json_path, layout_file.dump(1) + "\n");
        } catch (const std::exception& e) {
            std::cerr << "scanscope: --layout-json: " << e.what() << "\n";
            return kExitFailure;
        }
        std::cout << "wrote " << options.layout_json_path << " (" << layout_file["frames"].size()
                  << " frame(s))\n";
    }
    std::cout << "wrote " << options.screenshot_path << " (" << target.width() << "x"
              << target.height() << ", " << options.frames << " frames)\n";
    return kExitOk;
}

// What the window's frames work on, from the first frame to the last.
// Destroyed in reverse: the canvases and the UI while the window's GL context is still there.
struct RunningApp {
    std::unique_ptr<Window> window;
    AppState state;
    std::unique_ptr<ImGuiLayer> ui;
    std::unique_ptr<Canvases> canvases;  // made after the window, in its GL context
    float monitor_scale = 1.0f;
    bool first_frame_drawn = false;
};

// The browser's File > Save step as PNG: the window as it is, drawn once more off screen, then
// handed to the user as a download.
void save_step_png(RunningApp& app, int width, int height) {
    AppState& state = app.state;
    RenderTarget target;
    std::string error;
    if (!target.resize(width, height)) {
        state.notify(Notice::Level::Error, "the browser refused an off-screen framebuffer");
        return;
    }
    build_frame(state, *app.canvases, *app.ui, app.monitor_scale, width, height);
    draw_frame_into(target, *app.ui);
    const Session& s = state.session;
    const std::string name =
        (state.open_lesson() ? state.open_lesson()->key : s.trace().request.variant) + "-" +
        view_info(s.view).key + "-" + std::to_string(s.timeline().position() + 1) + ".png";
    const std::string path = "/tmp/" + name;
    if (!write_png(path, target.width(), target.height(), target.read_rgba(), error)) {
        state.notify(Notice::Level::Error, error);
        return;
    }
    offer_download(path, name, "image/png");
    state.notify(Notice::Level::Info, "saved " + name);
}

void run_frame(RunningApp& app) {
    glfwPollEvents();
    app.window->fit_to_page();
    const auto start = std::chrono::steady_clock::now();
    build_frame(app.state, *app.canvases, *app.ui, app.monitor_scale, 0, 0);
    int fb_w = 0, fb_h = 0;
    app.window->framebuffer_size(fb_w, fb_h);
    RenderTarget::bind_default(fb_w, fb_h);
    clear_to(app.ui->theme().background);
    app.ui->render();
    app.state.frame_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    app.window->swap_buffers();
    if (!app.first_frame_drawn) {
        app.first_frame_drawn = true;
        tell_page_first_frame();
    }
    if (app.state.save_png_requested && app.state.session.loaded()) {
        app.state.save_png_requested = false;
        save_step_png(app, fb_w, fb_h);
    }
}

RunningApp* g_running = nullptr;  // from the first frame on

}  // namespace

std::string running_state_json() {
    nlohmann::json j{{"loaded", false}};
    if (!g_running) return j.dump();
    const AppState& state = g_running->state;
    j["presenter"] = state.presenter;
    j["theme"] = state.theme_name;
    j["device"] = state.device ? state.device->cpu_reason : "";
    nlohmann::json notices = nlohmann::json::array();
    for (const Notice& n : state.notices)
        notices.push_back(n.text);
    j["notices"] = std::move(notices);
    const Session& s = state.session;
    if (!s.loaded()) return j.dump();
    j["loaded"] = true;
    j["lesson"] = state.open_lesson() ? state.open_lesson()->key : "";
    j["variant"] = s.trace().request.variant;
    j["view"] = view_info(s.view).key;
    j["frame"] = s.timeline().position() + 1;
    j["frames"] = s.timeline().size();
    j["playing"] = s.timeline().playing();
    const Predictor& p = state.predict.predictor;
    nlohmann::json predict{{"enabled", p.enabled()}, {"pending", p.pending() != nullptr}};
    if (p.pending()) {
        predict["prompt"] = p.pending()->prompt;
        predict["choices"] = p.pending()->choices;
    }
    predict["right"] = p.total().right;
    predict["asked"] = p.total().asked;
    // The lesson's answers in all sittings, as kept on disk (in the browser: its storage).
    const Score kept = state.predict.scores.lesson_total(state.predict.score_key);
    predict["kept_right"] = kept.right;
    predict["kept_asked"] = kept.asked;
    j["predict"] = std::move(predict);
    return j.dump();
}

std::string running_layout_json() {
    if (!g_running) return "{}";
    RunningApp& app = *g_running;
    layout_log().enabled = true;
    const PanelLayout layout =
        build_frame(app.state, *app.canvases, *app.ui, app.monitor_scale, 0, 0);
    ImGui::Render();
    layout_log().enabled = false;
    nlohmann::json f = frame_layout(app.state, layout);
    f["ui_scale"] = app.ui->scale();
    f["width"] = ImGui::GetIO().DisplaySize.x;
    f["height"] = ImGui::GetIO().DisplaySize.y;
    return f.dump();
}

bool open_trace_in_running(const std::string& path, const std::string& name) {
    if (!g_running) return false;
    g_running->state.lesson = -1;
    return open_trace_into(g_running->state, path, name);
}

int run_gui(const GuiOptions& options) {
    const bool screenshot = !options.screenshot_path.empty();
    std::string error;
    auto app = std::make_unique<RunningApp>();
    app->window = Window::create({options.width, options.height, !screenshot, "ScanScope"}, error);
    if (!app->window) {
        std::cerr << "scanscope: cannot open a window: " << error << "\n"
                  << "The subcommands (see 'scanscope --help') work without a display.\n";
        return kExitFailure;
    }

    AppState& state = app->state;
    state.device = &probe_device();
    state.gl_renderer = app->window->gl_renderer();
    state.theme_name = options.theme;
    state.palette = options.palette;
    state.presenter = options.presenter;
    if (options.banks == "shown") state.presenter_banks = AppState::BanksBeside::Shown;
    if (options.banks == "hidden") state.presenter_banks = AppState::BanksBeside::Hidden;
    state.exporting.open = options.open_export;
    // Screenshots are reproducible: scale 1 unless asked, whatever the monitor says.
    app->monitor_scale = screenshot ? 1.0f : app->window->content_scale();
    state.requested_ui_scale = options.ui_scale > 0.0f ? options.ui_scale : app->monitor_scale;

    app->ui =
        std::make_unique<ImGuiLayer>(*app->window, state.requested_ui_scale, wanted_theme(state));
    if (!app->ui->font_notice().empty())
        state.notify(Notice::Level::Warning, app->ui->font_notice());
    load_lessons_into(state);
    if (int code = open_from_options(options, state); code != kExitOk) return code;
    if (!time_from_options(options, state)) return kExitUsage;
    app->canvases = std::make_unique<Canvases>();

    if (screenshot)
        return take_screenshot(options, state, *app->canvases, *app->ui, app->monitor_scale);

    g_running = app.get();
#ifdef __EMSCRIPTEN__
    // The browser calls each frame; the app lives on after this returns, for as long as the page.
    emscripten_set_main_loop_arg(
        [](void* running) { run_frame(*static_cast<RunningApp*>(running)); }, app.release(), 0,
        false);
#else
    while (!app->window->should_close() && !state.quit)
        run_frame(*app);
    g_running = nullptr;
#endif
    return kExitOk;
}

}  // namespace scanscope
