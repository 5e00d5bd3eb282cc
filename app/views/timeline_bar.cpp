#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "gui/layout_log.h"
#include "scenes/array_scene.h"
#include "scenes/lookback_scene.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

StepSentence step_sentence(const AppState& state) {
    // The open lesson's own sentences, where the trace is the lesson's.
    const Lesson* lesson = state.open_lesson();
    const bool lessons_trace = lesson && lesson->key == state.predict.score_key;
    return scanscope::step_sentence(state.session, lessons_trace ? &lesson->narration : nullptr);
}

namespace {

// A radix sort looks back once a pass: which pass's look-back the view replays.
void lookback_launch_combo(Session& s) {
    const std::vector<int> launches = lookback_launches(s.trace());
    if (launches.size() < 2) return;
    const auto& all = s.trace().launches;
    const int shown = s.lookback_launch();
    float widest = 0;  // the longest name whole ("pass 2: bits 8 to 15"), and the arrow
    for (const int l : launches)
        widest = std::max(widest, ImGui::CalcTextSize(all[std::size_t(l)].name.c_str()).x);
    ImGui::SetNextItemWidth(widest + ImGui::GetFrameHeight() +
                            2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::BeginCombo("##lookback launch", all[std::size_t(shown)].name.c_str())) {
        for (const int l : launches)
            if (ImGui::Selectable(all[std::size_t(l)].name.c_str(), l == shown))
                s.show_lookback_of(l);
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Which launch's look-back: a radix sort looks back once a pass");
    ImGui::SameLine();
}

}  // namespace

float large_timeline_height(const AppState& state, const UiFonts& fonts, float width) {
    const StepSentence sentence = step_sentence(state);
    const ImGuiStyle& style = ImGui::GetStyle();
    const float wrap = std::max(width - 2 * style.WindowPadding.x, 1.0f);
    const std::string& large = sentence.narration.empty() ? sentence.what : sentence.narration;
    float h = 2 * style.WindowPadding.y + ImGui::GetFrameHeightWithSpacing();  // the buttons
    if (!sentence.narration.empty())
        h +=
            fonts.regular->CalcTextSizeA(fonts.regular->FontSize, 1e9f, wrap, sentence.what.c_str())
                .y +
            style.ItemSpacing.y;
    h += fonts.large->CalcTextSizeA(fonts.large->FontSize, 1e9f, wrap, large.c_str()).y +
         style.ItemSpacing.y;
    return std::ceil(h);
}

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
        if (s.loaded() && s.view == ViewKind::LookBack) lookback_launch_combo(s);
        // Where the timeline is, as a text of its own beside the slider: drawn in the slider, a
        // few steps' wide grab covered it.
        const int steps = std::max(t.size(), 1);
        int position = t.position() + 1;
        const char* unit = s.view == ViewKind::LookBack ? "event" : "step";
        const std::string where =
            std::string(unit) + " " + std::to_string(position) + " of " + std::to_string(steps);
        const std::string widest = std::string(unit) + " " + std::to_string(steps) + " of " +
                                   std::to_string(steps);  // the label keeps its width
        ImGui::AlignTextToFramePadding();
        const LayoutLog::Mark mark = layout_log().mark(ImGui::GetWindowDrawList());
        const float label_x = ImGui::GetCursorPosX();
        ImGui::TextUnformatted(where.c_str());
        layout_log().record(mark, "timeline", TextRole::Position, where, ImGui::GetFontSize());
        ImGui::SameLine(label_x + ImGui::CalcTextSize(widest.c_str()).x +
                        ImGui::GetStyle().ItemSpacing.x);
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 9);
        if (ImGui::SliderInt("##scrub", &position, 1, steps, "")) t.seek(position - 1);
        ImGui::SameLine();
        if (ImGui::Button("-")) t.slower();
        ImGui::SameLine();
        ImGui::Text("%gx", double(t.speed()));
        ImGui::SameLine();
        if (ImGui::Button("+")) t.faster();
        ImGui::EndDisabled();

        // What this step is, always in view.
        if (s.loaded()) {
            const StepSentence sentence = step_sentence(state);
            const std::string& what = sentence.what;
            const std::string& narration = sentence.narration;
            ImGui::PushStyleColor(ImGuiCol_Text,
                                  ImVec4(theme.accent.r, theme.accent.g, theme.accent.b, 1));
            if (large) {
                // For the back of the room: the sentence in large type on lines of its own, the
                // phase above it (or, with no sentence, the phase itself in large type).
                if (!narration.empty()) {
                    text_wrapped_logged(what, "narration", TextRole::Caption);
                    ImGui::PopStyleColor();
                    ImGui::PushFont(fonts.large);
                    text_wrapped_logged(narration, "narration", TextRole::Narration);
                } else {
                    ImGui::PushFont(fonts.large);
                    text_wrapped_logged(what, "narration", TextRole::Narration);
                    ImGui::PopStyleColor();
                }
                ImGui::PopFont();
            } else {
                LayoutLog& log = layout_log();
                LayoutLog::Mark m = log.mark(ImGui::GetWindowDrawList());
                ImGui::TextUnformatted(what.c_str());
                log.record(m, "narration", TextRole::Caption, what, ImGui::GetFontSize());
                ImGui::PopStyleColor();
                if (!narration.empty()) {
                    ImGui::SameLine();
                    text_wrapped_logged("  " + narration, "narration", TextRole::Narration);
                }
            }
        } else {
            empty_state("No trace loaded");
        }
    }
    end_panel();
}

}  // namespace scanscope
