#include <imgui.h>

#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_timeline_bar(AppState& /*state*/, const Rect& rect, const UiFonts& fonts) {
    if (begin_panel("##timeline", rect, fonts, nullptr, false)) {
        ImGui::BeginDisabled(true);  // nothing to play until a trace is loaded
        const char* buttons[] = {"|<", "<", "Play", ">", ">|"};
        for (const char* label : buttons) {
            ImGui::Button(label);
            ImGui::SameLine();
        }
        ImGui::EndDisabled();
        ImGui::ProgressBar(0.0f, ImVec2(ImGui::GetContentRegionAvail().x * 0.6f, 0.0f),
                           "no trace loaded");
    }
    end_panel();
}

}  // namespace scanscope
