#include <imgui.h>

#include "platform/browser.h"
#include "views/shell_views.h"

namespace scanscope {

float draw_menu_bar(AppState& state, const UiFonts& /*fonts*/) {
    float height = 0.0f;
    if (ImGui::BeginMainMenuBar()) {
        if (ImGui::BeginMenu("File")) {
#if SCANSCOPE_HAVE_EXPORT
            if (ImGui::MenuItem("Export...", nullptr, false, state.session.loaded()))
                state.exporting.open = true;
#endif
            if (kInBrowser) {
                if (ImGui::MenuItem("Open trace...")) ask_page_for_trace_file();
                if (ImGui::MenuItem("Save step as PNG", nullptr, false, state.session.loaded()))
                    state.save_png_requested = true;
            } else {
                if (ImGui::MenuItem("Open kernel...")) {
                    // The Your kernel section of the controls (brought over the canvas if folded).
                    state.kernel.focus = true;
                    state.overlay_controls = true;
                }
                if (ImGui::MenuItem("Quit", "Ctrl+Q")) state.quit = true;
            }
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("View")) {
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
            ImGui::SliderFloat("UI scale", &state.requested_ui_scale, 0.5f, 4.0f, "%.2fx");
            if (ImGui::MenuItem("Bigger", "Ctrl+=")) state.requested_ui_scale += 0.25f;
            if (ImGui::MenuItem("Smaller", "Ctrl+-")) state.requested_ui_scale -= 0.25f;
            ImGui::Separator();
            if (ImGui::MenuItem("Dark theme", nullptr, state.theme_name == "dark"))
                state.theme_name = "dark";
            if (ImGui::MenuItem("Light theme (projectors)", nullptr, state.theme_name == "light"))
                state.theme_name = "light";
            if (ImGui::MenuItem("Colour-blind palette", nullptr, state.palette == "colorblind"))
                state.palette = state.palette == "colorblind" ? "standard" : "colorblind";
            ImGui::Separator();
            if (ImGui::MenuItem("Presenter mode", "F11 / P", state.presenter))
                state.presenter = !state.presenter;
            // Folded side panels (presenter mode, or a short window) come back over the canvas.
            ImGui::TextDisabled("Folded panels:");
            ImGui::MenuItem("  Controls over the canvas", nullptr, &state.overlay_controls);
            ImGui::MenuItem("  Code over the canvas", nullptr, &state.overlay_code);
            ImGui::MenuItem("  Timings over the canvas", nullptr, &state.overlay_timings);
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Predict")) {
            Predictor& p = state.predict.predictor;
            if (ImGui::MenuItem("Predict before each step", "F2", p.enabled(),
                                state.session.loaded()))
                p.set_enabled(state.session, !p.enabled());
            ImGui::Separator();
            const Score mine = state.predict.scores.lesson_total(state.predict.score_key);
            ImGui::TextDisabled("%s: %d of %d right, all sittings", state.predict.score_key.c_str(),
                                mine.right, mine.asked);
            if (ImGui::MenuItem("Reset my scores", nullptr, false,
                                !state.predict.scores.lessons().empty())) {
                state.predict.scores.reset();
                try {
                    if (!state.predict.scores_path.empty())
                        save_scores(state.predict.scores, state.predict.scores_path);
                    state.notify(Notice::Level::Info, "scores reset");
                } catch (const std::exception& e) {
                    state.notify(Notice::Level::Warning, e.what());
                }
            }
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Help")) {
            if (ImGui::MenuItem("Keyboard", "F1")) state.show_keyboard_help = true;
            if (ImGui::MenuItem("About ScanScope")) state.show_about = true;
            ImGui::EndMenu();
        }
        height = ImGui::GetWindowSize().y;
        ImGui::EndMainMenuBar();
    }
    return height;
}

}  // namespace scanscope
