#include <imgui.h>

#include "gui/layout_log.h"

#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_status_line(AppState& state, const Rect& rect, const UiFonts& fonts, const Theme& theme) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10.0f, 4.0f));
    ImGui::PushStyleColor(ImGuiCol_WindowBg,
                          ImVec4(theme.background.r, theme.background.g, theme.background.b, 1));
    if (begin_panel("##status", rect, fonts, nullptr, false)) {
        const bool gpu = state.device && state.device->gpu_available;
        const Color& dot = gpu ? theme.conflict[0] : theme.conflict[3];
        ImGui::TextColored(ImVec4(dot.r, dot.g, dot.b, 1.0f), "%s", gpu ? "\u25CF" : "\u25CB");
        if (state.ui_scale_reduced) {
            ImGui::SameLine();
            ImGui::TextColored(
                ImVec4(theme.conflict[3].r, theme.conflict[3].g, theme.conflict[3].b, 1.0f),
                "UI scale %g here (%g needs a larger window)", double(fonts.scale),
                double(state.requested_ui_scale));
            ImGui::SameLine();
            ImGui::TextDisabled("|");
        }
        ImGui::SameLine();
        ImGui::TextUnformatted(state.device ? describe(*state.device).c_str() : "probing...");
        if (!state.notices.empty()) {
            const Notice& last = state.notices.back();
            const Color& c = last.level == Notice::Level::Error     ? theme.hazard
                             : last.level == Notice::Level::Warning ? theme.conflict[3]
                                                                    : theme.text_dim;
            ImGui::SameLine();
            ImGui::TextDisabled("|");
            ImGui::SameLine();
            const LayoutLog::Mark m = layout_log().mark(ImGui::GetWindowDrawList());
            ImGui::TextColored(ImVec4(c.r, c.g, c.b, 1.0f), "%s", last.text.c_str());
            layout_log().record(m, "status", TextRole::Note, last.text, ImGui::GetFontSize());
        }
    }
    end_panel();
    ImGui::PopStyleColor();
    ImGui::PopStyleVar();
}

}  // namespace scanscope
