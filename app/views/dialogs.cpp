#include <imgui.h>

#include "version.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

void keyboard_table() {
    const char* rows[][2] = {
        {"Space", "Play / pause"},
        {"Left / Right", "Step back / forward"},
        {"Home / End", "First / last step"},
        {"+ / -", "Faster / slower"},
        {"Ctrl+= / Ctrl+-", "UI scale up / down"},
        {"Ctrl+0", "UI scale back to the monitor's"},
        {"F11 / P", "Presenter mode on / off"},
        {"B", "Presenter mode: the Banks drawing beside the canvas, or not"},
        {"[ and ]", "Follow the warp before or after (what it does is drawn large)"},
        {"F1", "This help"},
        {"Ctrl+Q", "Quit"},
    };
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
        for (const auto& row : rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[0]);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row[1]);
        }
        ImGui::EndTable();
    }
}

}  // namespace

void draw_dialogs(AppState& state, const UiFonts& /*fonts*/) {
    if (state.show_keyboard_help) {
        ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                                ImVec2(0.5f, 0.5f));
        if (ImGui::Begin("Keyboard", &state.show_keyboard_help,
                         ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings))
            keyboard_table();
        ImGui::End();
    }
    if (state.show_about) {
        ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                                ImVec2(0.5f, 0.5f));
        if (ImGui::Begin("About ScanScope", &state.show_about,
                         ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
            ImGui::Text("ScanScope %s", SCANSCOPE_VERSION);
            ImGui::TextUnformatted("See how GPUs scan and reduce, step by step.");
            ImGui::Text("OpenGL renderer: %s", state.gl_renderer.c_str());
        }
        ImGui::End();
    }
}

}  // namespace scanscope
