// Predict mode's question and its reveal, over the Banks panel (never over the picture the
// student predicts from). In presenter mode (a class) the choices are large, with keys A-D for the
// teacher, and the tally is the class's; alone, the score is the student's and is kept on disk.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "gui/keys.h"
#include "gui/layout_log.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

void record(AppState& state, bool right) {
    PredictState& p = state.predict;
    const PredictOutcome* o = p.predictor.outcome();
    if (!o || state.presenter || p.scores_path.empty()) return;  // a class's votes are not mine
    p.scores.record(p.score_key, o->question.kind, right);
    try {
        save_scores(p.scores, p.scores_path);
    } catch (const std::exception& e) {
        state.notify(Notice::Level::Warning, std::string("scores not saved: ") + e.what());
        p.scores_path.clear();  // said once
    }
}

ImVec4 vec(const Color& c) {
    return ImVec4(c.r, c.g, c.b, 1.0f);
}

void draw_question(AppState& state, const Question& q, const UiFonts& fonts, const Theme& theme,
                   bool large) {
    Session& s = state.session;
    ImGui::PushStyleColor(ImGuiCol_Text, vec(theme.accent));
    ImGui::Text("Predict %s %d: %s", q.place.event ? "event" : "step", q.place.frame + 1,
                question_kind_name(q.kind));
    ImGui::PopStyleColor();
    ImGui::PushFont(large ? fonts.large : fonts.heading);
    text_wrapped_logged(q.prompt, "predict", TextRole::Question);
    ImGui::PopFont();
    ImGui::Spacing();
    // The choices as buttons, in as many columns as their text allows.
    ImGui::PushFont(large ? fonts.large : fonts.regular);
    const float avail = ImGui::GetContentRegionAvail().x, gap = ImGui::GetStyle().ItemSpacing.x;
    float widest = 0;
    for (const std::string& c : q.choices)
        widest = std::max(widest, ImGui::CalcTextSize(c.c_str()).x);
    widest += ImGui::CalcTextSize("A   ").x + 2 * ImGui::GetStyle().FramePadding.x;
    const int columns =
        std::clamp(int((avail + gap) / (widest + gap)), 1, std::min(4, int(q.choices.size())));
    const float button_w = (avail - gap * float(columns - 1)) / float(columns);
    // Each choice a button whose text wraps inside it (a list of cells can be long): never cut.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float key_w = ImGui::CalcTextSize("A   ").x, pad = style.FramePadding.x;
    const float text_w = std::max(button_w - key_w - 2 * pad, 1.0f);
    float row_h = 0;  // the tallest choice sets the row height, so the grid stays even
    for (const std::string& c : q.choices)
        row_h = std::max(row_h, ImGui::CalcTextSize(c.c_str(), nullptr, false, text_w).y);
    row_h = std::max(row_h + 2 * style.FramePadding.y, ImGui::GetFontSize() * 1.8f);
    int chosen = -1;
    for (int i = 0; i < int(q.choices.size()); ++i) {
        if (i % columns) ImGui::SameLine();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::PushID(i);
        if (ImGui::Button("##choice", ImVec2(button_w, row_h))) chosen = i;
        ImGui::PopID();
        ImDrawList* list = ImGui::GetWindowDrawList();
        const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
        const std::string& c = q.choices[std::size_t(i)];
        const float text_h = ImGui::CalcTextSize(c.c_str(), nullptr, false, text_w).y;
        const float y = at.y + (row_h - text_h) / 2;
        const char key[2] = {choice_key(i), 0};
        draw_logged_text(list, ImGui::GetFont(), ImGui::GetFontSize(), at.x + pad,
                         at.y + (row_h - ImGui::GetFontSize()) / 2, text, key, "predict",
                         TextRole::Choice);
        draw_logged_text(list, ImGui::GetFont(), ImGui::GetFontSize(), at.x + pad + key_w, y, text,
                         c, "predict", TextRole::Choice, false, text_w);
    }
    ImGui::PopFont();
    for (int i = 0; i < int(q.choices.size()); ++i)
        if (letter_pressed(choice_key(i))) chosen = i;
    if (chosen >= 0) {
        answer_question(state, chosen);
        return;
    }
    ImGui::Spacing();
    if (q.kind == QuestionKind::WrittenCells && !large) {
        ImGui::TextDisabled("or click the cells on the canvas (%zu picked)",
                            state.predict.picked.size());
        ImGui::SameLine();
        ImGui::BeginDisabled(state.predict.picked.empty());
        if (ImGui::SmallButton("Check my cells")) {
            const bool right = state.predict.predictor.answer_cells(s, state.predict.picked);
            state.predict.picked.clear();
            record(state, right);
            return;
        }
        ImGui::EndDisabled();
    }
    ImGui::TextDisabled("keys A-%c choose", choice_key(int(q.choices.size()) - 1));
    ImGui::SameLine();
    if (ImGui::SmallButton("Show me (no score)")) state.predict.predictor.skip(s);
}

void draw_outcome(AppState& state, const PredictOutcome& o, const UiFonts& fonts,
                  const Theme& theme, bool large) {
    const Question& q = o.question;
    ImGui::PushFont(large ? fonts.large : fonts.heading);
    if (o.skipped) {
        ImGui::TextUnformatted("Shown without an answer.");
    } else if (o.right) {
        ImGui::TextColored(vec(theme.conflict[0]), "Right.");
    } else {
        ImGui::TextColored(vec(theme.hazard), "Not quite.");
    }
    ImGui::SameLine();
    text_wrapped_logged(
        std::string("The answer: ") + choice_key(q.right) + "  " + q.choices[std::size_t(q.right)],
        "predict", TextRole::Explanation);
    ImGui::PopFont();
    if (!o.right && o.choice >= 0)
        ImGui::TextDisabled("(you chose %c  %s)", choice_key(o.choice),
                            q.choices[std::size_t(o.choice)].c_str());
    ImGui::Spacing();
    const Score tally = state.predict.predictor.total();
    const Timeline& t = state.session.timeline();
    const bool done = t.position() + 1 >= t.size();
    if (state.presenter) {
        ImGui::Text("%s: %d of %d right", done ? "The class, this lesson" : "The class so far",
                    tally.right, tally.asked);
    } else {
        const Score mine = state.predict.scores.lesson_total(state.predict.score_key);
        ImGui::Text("This sitting: %d of %d right", tally.right, tally.asked);
        if (!state.predict.scores_path.empty())
            ImGui::TextDisabled("%s, all sittings: %d of %d", state.predict.score_key.c_str(),
                                mine.right, mine.asked);
    }
    if (large) ImGui::PushFont(fonts.heading);
    text_wrapped_logged(q.explanation, "predict", TextRole::Explanation);
    if (!q.lesson_note.empty())
        text_wrapped_logged(q.lesson_note, "predict", TextRole::Explanation);
    if (large) ImGui::PopFont();
    if (done && tally.asked > 0) {
        // The end of the lesson: the tally by kind of question.
        for (int k = 0; k < kQuestionKinds; ++k) {
            const Score& s = state.predict.predictor.tally()[std::size_t(k)];
            if (s.asked)
                ImGui::BulletText("%s: %d of %d", question_kind_name(QuestionKind(k)), s.right,
                                  s.asked);
        }
    } else {
        ImGui::TextDisabled("The next step (Right arrow, >) asks the next question.");
    }
}

}  // namespace

void answer_question(AppState& state, int choice) {
    const bool right = state.predict.predictor.answer(state.session, choice);
    state.predict.picked.clear();
    record(state, right);
}

bool predict_panel_shown(const AppState& state) {
    const Predictor& p = state.predict.predictor;
    return p.enabled() && state.session.loaded() && (p.pending() || p.outcome());
}

void draw_predict_panel(AppState& state, const Rect& rect, const UiFonts& fonts,
                        const Theme& theme) {
    if (!predict_panel_shown(state)) return;
    const bool large = state.presenter;
    set_panels_are_overlays(true);
    if (begin_panel("##predict", rect, fonts, nullptr, true)) {
        const Predictor& p = state.predict.predictor;
        if (const Question* q = p.pending())
            draw_question(state, *q, fonts, theme, large);
        else if (const PredictOutcome* o = p.outcome())
            draw_outcome(state, *o, fonts, theme, large);
    }
    end_panel();
    set_panels_are_overlays(false);
}

}  // namespace scanscope
