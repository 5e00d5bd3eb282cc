#include <imgui.h>

#include <cstdio>

#include "scenes/array_scene.h"
#include "scenes/lookback_scene.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_timeline_bar(AppState& state, const Rect& rect, const UiFonts& fonts, const Theme& theme,
                       TimelineBarOptions options) {
    const bool large = options.large;
    if (begin_panel("##timeline", rect, fonts, nullptr, false)) {
        Session& s = state.session;
        Timeline& t = s.timeline();
        if (options.controls_button) {
            // The controls are folded away (presenter mode, or a narrow window): bring them back.
            if (ImGui::Button(state.overlay_controls ? "Hide controls" : "Controls"))
                state.overlay_controls = !state.overlay_controls;
            ImGui::SameLine();
        }
        ImGui::BeginDisabled(!s.loaded() || t.empty());
        if (ImGui::Button("|<")) t.home();
        ImGui::SameLine();
        if (ImGui::Button(" < ")) t.back();
        ImGui::SameLine();
        if (ImGui::Button(t.playing() ? "Pause" : " Play ", ImVec2(ImGui::GetFontSize() * 4, 0)))
            t.toggle_play();
        ImGui::SameLine();
        if (ImGui::Button(" > ")) t.forward();
        ImGui::SameLine();
        if (ImGui::Button(">|")) t.end();
        ImGui::SameLine();
        int position = t.position() + 1;
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 9);
        const char* unit = s.view == ViewKind::LookBack ? "event" : "step";
        char format[64];
        std::snprintf(format, sizeof format, "%s %%d of %d", unit, std::max(t.size(), 1));
        if (ImGui::SliderInt("##scrub", &position, 1, std::max(t.size(), 1), format))
            t.seek(position - 1);
        ImGui::SameLine();
        if (ImGui::Button("-")) t.slower();
        ImGui::SameLine();
        ImGui::Text("%gx", double(t.speed()));
        ImGui::SameLine();
        if (ImGui::Button("+")) t.faster();
        ImGui::EndDisabled();

        // What this step is, always in view.
        if (s.loaded()) {
            std::string what, narration;
            if (s.view == ViewKind::LookBack) {
                what = event_caption(s.trace(), s.events.position());
            } else {
                what = step_caption(s.trace(), s.cursor());
                if (const Step* step = s.current_step()) narration = narrate(s.trace(), *step);
                // The open lesson's own sentence for this step, where it has one.
                if (state.lesson >= 0 && state.lesson < int(state.lessons.size()) &&
                    state.lessons[std::size_t(state.lesson)].key == state.predict.score_key) {
                    const auto& own = state.lessons[std::size_t(state.lesson)].narration;
                    if (const auto found = own.find(s.steps.position() + 1); found != own.end())
                        narration = found->second;
                }
            }
            ImGui::PushStyleColor(ImGuiCol_Text,
                                  ImVec4(theme.accent.r, theme.accent.g, theme.accent.b, 1));
            if (large) {
                // For the back of the room: the sentence in large type on lines of its own, the
                // phase above it (or, with no sentence, the phase itself in large type).
                if (!narration.empty()) {
                    ImGui::TextWrapped("%s", what.c_str());
                    ImGui::PopStyleColor();
                    ImGui::PushFont(fonts.large);
                    ImGui::TextWrapped("%s", narration.c_str());
                } else {
                    ImGui::PushFont(fonts.large);
                    ImGui::TextWrapped("%s", what.c_str());
                    ImGui::PopStyleColor();
                }
                ImGui::PopFont();
            } else {
                ImGui::TextUnformatted(what.c_str());
                ImGui::PopStyleColor();
                if (!narration.empty()) {
                    ImGui::SameLine();
                    ImGui::TextWrapped("  %s", narration.c_str());
                }
            }
        } else {
            empty_state("No trace loaded");
        }
    }
    end_panel();
}

}  // namespace scanscope
