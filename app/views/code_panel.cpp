#include <imgui.h>

#include "scenes/lookback_scene.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_code_panel(AppState& state, const Rect& rect, const UiFonts& fonts, const Theme& theme) {
    if (begin_panel("##code", rect, fonts, "Code")) {
        const Session& s = state.session;
        if (!s.loaded()) {
            empty_state(
                "The variant's pseudo-code, with the line of the current step lit and the live "
                "values of "
                "d, offset and stride.");
        } else {
            const Trace& t = s.trace();
            const Step* step = s.current_step();
            const std::uint16_t line = step ? step->line : 0;
            const VariantInfo* variant = find_card(t.request);
            ImGui::TextDisabled("%s", variant ? variant->name.c_str() : t.request.variant.c_str());
            ImGui::PushFont(fonts.mono);
            ImDrawList* list = ImGui::GetWindowDrawList();
            const ImU32 lit = ImGui::ColorConvertFloat4ToU32(
                ImVec4(theme.code_highlight.r, theme.code_highlight.g, theme.code_highlight.b,
                       theme.code_highlight.a));
            // A long listing (a student's whole file) scrolls to the lit line when it moves.
            static std::uint16_t scrolled_to = 0;
            bool first_lit = true;
            for (const ListingLine& l : t.listing) {
                const ImVec2 at = ImGui::GetCursorScreenPos();
                const bool current = l.id != 0 && l.id == line && s.view != ViewKind::LookBack;
                if (current && first_lit && scrolled_to != line) {
                    ImGui::SetScrollHereY(0.3f);
                    scrolled_to = line;
                }
                first_lit = first_lit && !current;
                if (current)
                    list->AddRectFilled(ImVec2(at.x - 4, at.y - 1),
                                        ImVec2(at.x + ImGui::GetContentRegionAvail().x,
                                               at.y + ImGui::GetTextLineHeight() + 1),
                                        lit);
                if (l.id == 0)
                    ImGui::TextDisabled("%s", l.text.c_str());
                else
                    ImGui::TextUnformatted(l.text.c_str());
            }
            ImGui::PopFont();
            ImGui::Separator();
            if (s.view == ViewKind::LookBack) {
                ImGui::TextWrapped(
                    "%s", event_caption(t, s.events.position(), s.lookback_launch()).c_str());
            } else if (step) {
                if (const StepLabel* label = t.label(step->line)) {
                    ImGui::PushFont(fonts.heading);
                    ImGui::TextUnformatted(label->phase.c_str());
                    ImGui::PopFont();
                    for (std::size_t v = 0; v < label->vars.size() && v < step->vars.size(); ++v) {
                        ImGui::SameLine();
                        ImGui::PushFont(fonts.mono);
                        ImGui::Text(" %s = %d", label->vars[v].c_str(), step->vars[v]);
                        ImGui::PopFont();
                    }
                }
                ImGui::TextWrapped("%s", narrate(t, *step).c_str());
            }
            if (variant && ImGui::CollapsingHeader("About this variant")) {
                ImGui::TextWrapped("%s", variant->lesson.c_str());
                ImGui::TextDisabled("Source: %s", variant->source.c_str());
            }
        }
    }
    end_panel();
}

}  // namespace scanscope
