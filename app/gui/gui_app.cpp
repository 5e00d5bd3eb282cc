#include "gui/gui_app.h"

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <iostream>

#include "cli/cli.h"
#include "gui/app_state.h"
#include "gui/imgui_layer.h"
#include "gui/keys.h"
#include "gui/layout.h"
#include "gui/png_file.h"
#include "gui/render_target.h"
#include "gui/window.h"
#include "platform/data_dir.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

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

void handle_shortcuts(AppState& state, float monitor_scale) {
    if (key_pressed(Key::F1, false)) state.show_keyboard_help = !state.show_keyboard_help;
    if (!ctrl_held()) return;
    if (key_pressed(Key::Q, false)) state.quit = true;
    if (key_pressed(Key::Equal) || key_pressed(Key::Plus)) state.requested_ui_scale += 0.25f;
    if (key_pressed(Key::Minus)) state.requested_ui_scale -= 0.25f;
    if (key_pressed(Key::Zero, false)) state.requested_ui_scale = monitor_scale;
    state.requested_ui_scale = std::clamp(state.requested_ui_scale, 0.5f, 4.0f);
}

// Builds one frame's UI. display_w/h > 0 force the frame's size (screenshots).
void build_frame(AppState& state, ImGuiLayer& ui, float monitor_scale, int display_w,
                 int display_h) {
    if (state.requested_ui_scale != ui.scale()) ui.set_scale(state.requested_ui_scale);
    if (state.theme_name != ui.theme().name)
        ui.set_theme(load_named_theme(state.theme_name, state));
    ui.new_frame(display_w, display_h);

    const UiFonts& fonts = ui.fonts();
    const float top = draw_menu_bar(state, fonts);
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    const PanelLayout layout = compute_layout(size.x, size.y, top, ui.scale());
    draw_controls_panel(state, layout.controls, fonts);
    draw_canvas_panel(state, layout.canvas, fonts);
    draw_code_panel(state, layout.code, fonts);
    draw_banks_panel(state, layout.banks, fonts);
    draw_timings_panel(state, layout.timings, fonts);
    draw_timeline_bar(state, layout.timeline, fonts);
    draw_status_line(state, layout.status, fonts, ui.theme());
    draw_dialogs(state, fonts);
    handle_shortcuts(state, monitor_scale);
}

void clear_to(const Color& c) {
    glClearColor(c.r, c.g, c.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

int take_screenshot(const GuiOptions& options, AppState& state, ImGuiLayer& ui,
                    float monitor_scale) {
    RenderTarget target;
    if (!target.resize(options.width, options.height)) {
        std::cerr << "scanscope: the OpenGL driver refused a " << options.width << "x"
                  << options.height << " off-screen framebuffer\n";
        return kExitFailure;
    }
    for (int frame = 0; frame < options.frames; ++frame) {
        build_frame(state, ui, monitor_scale, options.width, options.height);
        target.bind();
        clear_to(ui.theme().background);
        ui.render();
    }
    glFinish();
    std::string error;
    if (!write_png(options.screenshot_path, target.width(), target.height(), target.read_rgba(),
                   error)) {
        std::cerr << "scanscope: " << error << "\n";
        return kExitFailure;
    }
    std::cout << "wrote " << options.screenshot_path << " (" << target.width() << "x"
              << target.height() << ", " << options.frames << " frames)\n";
    return kExitOk;
}

}  // namespace

int run_gui(const GuiOptions& options) {
    const bool screenshot = !options.screenshot_path.empty();
    std::string error;
    auto window = Window::create({options.width, options.height, !screenshot, "ScanScope"}, error);
    if (!window) {
        std::cerr << "scanscope: cannot open a window: " << error << "\n"
                  << "The subcommands (see 'scanscope --help') work without a display.\n";
        return kExitFailure;
    }

    AppState state;
    state.device = &probe_device();
    state.gl_renderer = window->gl_renderer();
    state.theme_name = options.theme;
    // Screenshots are reproducible: scale 1 unless asked, whatever the monitor says.
    const float monitor_scale = screenshot ? 1.0f : window->content_scale();
    state.requested_ui_scale = options.ui_scale > 0.0f ? options.ui_scale : monitor_scale;

    ImGuiLayer ui(*window, state.requested_ui_scale, load_named_theme(options.theme, state));
    if (!ui.font_notice().empty()) state.notify(Notice::Level::Warning, ui.font_notice());

    if (screenshot) return take_screenshot(options, state, ui, monitor_scale);

    while (!window->should_close() && !state.quit) {
        glfwPollEvents();
        build_frame(state, ui, monitor_scale, 0, 0);
        int fb_w = 0, fb_h = 0;
        window->framebuffer_size(fb_w, fb_h);
        RenderTarget::bind_default(fb_w, fb_h);
        clear_to(ui.theme().background);
        ui.render();
        window->swap_buffers();
    }
    return kExitOk;
}

}  // namespace scanscope
