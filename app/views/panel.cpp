#include "views/panel.h"

#include <imgui.h>
#include <imgui_internal.h>  // BringWindowToDisplayFront: ImGui 1.86 has no public z-order call

namespace scanscope {
namespace {

bool overlays = false;

}  // namespace

void set_panels_are_overlays(bool on) {
    overlays = on;
}

bool begin_panel(const char* id, const Rect& rect, const UiFonts& fonts, const char* heading,
                 bool scrollable) {
    ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
    ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                             ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                             ImGuiWindowFlags_NoSavedSettings |
                             ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (!scrollable) flags |= ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    const bool open = ImGui::Begin(id, nullptr, flags);
    if (overlays) ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    if (open && heading) {
        ImGui::PushFont(fonts.heading);
        ImGui::TextUnformatted(heading);
        ImGui::PopFont();
        ImGui::Separator();
    }
    return open;
}

void end_panel() {
    ImGui::End();
}

void empty_state(const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

}  // namespace scanscope
