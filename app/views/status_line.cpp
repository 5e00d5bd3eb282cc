#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "device/device_info.h"
#include "gui/layout_log.h"

#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

float text_width(const std::string& text) {
    return ImGui::CalcTextSize(text.c_str()).x;
}

// The longest start of `text` that fits `width` with "..." after it (whole where it fits).
std::string shortened_to(const std::string& text, float width) {
    if (text_width(text) <= width) return text;
    std::size_t keep = text.size();
    while (keep > 0) {
        --keep;
        while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80)
            --keep;  // not inside a UTF-8 character
        const std::string cut = text.substr(0, keep) + "...";
        if (text_width(cut) <= width) return cut;
    }
    return "...";
}

// One text of the line, recorded for the layout measure, with its whole as a tooltip where the
// room left only part of it.
void status_text(const std::string& text, const std::string& whole, const Color& color) {
    const LayoutLog::Mark m = layout_log().mark(ImGui::GetWindowDrawList());
    ImGui::TextColored(ImVec4(color.r, color.g, color.b, 1.0f), "%s", text.c_str());
    layout_log().record(m, "status", TextRole::Note, text, ImGui::GetFontSize());
    if (text != whole && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", whole.c_str());
}

}  // namespace

// The line keeps to one row whatever the window's width: the device's description shortens first
// (its whole on hover), then the last notice ("..." and its whole on hover); nothing runs off the
// edge half-said.
void draw_status_line(AppState& state, const Rect& rect, const UiFonts& fonts, const Theme& theme) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10.0f, 4.0f));
    ImGui::PushStyleColor(ImGuiCol_WindowBg,
                          ImVec4(theme.background.r, theme.background.g, theme.background.b, 1));
    if (begin_panel("##status", rect, fonts, nullptr, false)) {
        const bool gpu = state.device && state.device->gpu_available;
        const Color& dot = gpu ? theme.conflict[0] : theme.conflict[3];
        const float gap = ImGui::GetStyle().ItemSpacing.x;
        float room = ImGui::GetContentRegionAvail().x;

        const std::string mark = gpu ? "\u25CF" : "\u25CB";
        std::string scale_note;
        if (state.ui_scale_reduced) {
            char text[96];
            std::snprintf(text, sizeof text, "UI scale %g here (%g needs a larger window)",
                          double(fonts.scale), double(state.requested_ui_scale));
            scale_note = text;
        }
        const std::vector<std::string> forms =
            state.device ? describe_forms(*state.device) : std::vector<std::string>{"probing..."};
        const Notice* last = state.notices.empty() ? nullptr : &state.notices.back();
        const std::string notice = last ? last->text : "";

        // What must stay: the dot, the scale note, and the notice's start (its whole, where short;
        // a warning or an error keeps more of the line than news does).
        room -= text_width(mark) + gap;
        if (!scale_note.empty()) room -= text_width(scale_note) + text_width("|") + 2 * gap;
        const float separator = last ? text_width("|") + 2 * gap : 0;
        const float share = last && last->level == Notice::Level::Info ? 0.3f : 0.6f;
        const float notice_least = last ? std::min(text_width(notice), room * share) : 0;
        std::string device = forms.back();
        for (const std::string& form : forms)
            if (text_width(form) + separator + notice_least <= room) {
                device = form;
                break;
            }

        ImGui::TextColored(ImVec4(dot.r, dot.g, dot.b, 1.0f), "%s", mark.c_str());
        if (!scale_note.empty()) {
            ImGui::SameLine();
            status_text(scale_note, scale_note, theme.conflict[3]);
            ImGui::SameLine();
            ImGui::TextDisabled("|");
        }
        ImGui::SameLine();
        status_text(device, forms.front(), theme.text);
        if (last) {
            const Color& c = last->level == Notice::Level::Error     ? theme.hazard
                             : last->level == Notice::Level::Warning ? theme.conflict[3]
                                                                     : theme.text_dim;
            ImGui::SameLine();
            ImGui::TextDisabled("|");
            ImGui::SameLine();
            status_text(shortened_to(notice, ImGui::GetContentRegionAvail().x), notice, c);
        }
    }
    end_panel();
    ImGui::PopStyleColor();
    ImGui::PopStyleVar();
}

}  // namespace scanscope
