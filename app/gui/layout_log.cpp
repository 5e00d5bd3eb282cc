#include "gui/layout_log.h"

#include <imgui.h>

#include <algorithm>

namespace scanscope {

const char* text_role_name(TextRole role) {
    switch (role) {
        case TextRole::Value:
            return "value";
        case TextRole::Label:
            return "label";
        case TextRole::Caption:
            return "caption";
        case TextRole::Note:
            return "note";
        case TextRole::BankNumber:
            return "bank-number";
        case TextRole::LaneNumber:
            return "lane-number";
        case TextRole::Degree:
            return "degree";
        case TextRole::Narration:
            return "narration";
        case TextRole::Question:
            return "question";
        case TextRole::Choice:
            return "choice";
        case TextRole::Explanation:
            return "explanation";
        case TextRole::Hint:
            return "hint";
        case TextRole::Position:
            return "position";
    }
    return "?";
}

LayoutLog& layout_log() {
    static LayoutLog log;
    return log;
}

LayoutLog::Mark LayoutLog::mark(ImDrawList* list) const {
    return {list, list ? list->VtxBuffer.Size : 0};
}

void LayoutLog::record(const Mark& m, const std::string& panel, TextRole role,
                       const std::string& text, float font_px, bool focus) {
    if (!enabled || !m.list) return;
    // Glyph quads sample the font atlas; shapes (a button's frame) sample its white pixel.
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
    for (int i = m.vertices; i < m.list->VtxBuffer.Size; ++i) {
        const ImDrawVert& v = m.list->VtxBuffer[i];
        if (v.uv.x == white.x && v.uv.y == white.y) continue;
        x0 = std::min(x0, v.pos.x), y0 = std::min(y0, v.pos.y);
        x1 = std::max(x1, v.pos.x), y1 = std::max(y1, v.pos.y);
    }
    record_missing(panel, role, text, font_px, focus);
    if (x1 <= x0) return;  // nothing drawn: the box stays empty
    DrawnText& t = texts_.back();
    t.box = {x0, y0, x1 - x0, y1 - y0};
    // What the clip rectangle lets through (ImGui drops whole lines outside it, and the renderer
    // scissors the rest).
    const ImVec2 lo = m.list->GetClipRectMin(), hi = m.list->GetClipRectMax();
    const float vx0 = std::max(x0, lo.x), vy0 = std::max(y0, lo.y);
    const float vx1 = std::min(x1, hi.x), vy1 = std::min(y1, hi.y);
    if (vx1 > vx0 && vy1 > vy0) t.visible = {vx0, vy0, vx1 - vx0, vy1 - vy0};
}

void LayoutLog::record_missing(const std::string& panel, TextRole role, const std::string& text,
                               float font_px, bool focus) {
    if (!enabled) return;
    DrawnText t;
    t.panel = panel;
    t.role = role;
    t.text = text;
    t.font_px = font_px;
    t.focus = focus;
    texts_.push_back(std::move(t));  // the box empty until record() reads one
}

void draw_logged_text(ImDrawList* list, ImFont* font, float size, float x, float y, unsigned color,
                      const std::string& text, const std::string& panel, TextRole role, bool focus,
                      float wrap_width) {
    LayoutLog& log = layout_log();
    const LayoutLog::Mark m = log.mark(list);
    list->AddText(font, size, ImVec2(x, y), color, text.c_str(), nullptr, wrap_width);
    log.record(m, panel, role, text, size, focus);
}

void text_wrapped_logged(const std::string& text, const std::string& panel, TextRole role,
                         bool focus) {
    LayoutLog& log = layout_log();
    const LayoutLog::Mark m = log.mark(ImGui::GetWindowDrawList());
    ImGui::TextWrapped("%s", text.c_str());
    log.record(m, panel, role, text, ImGui::GetFontSize(), focus);
}

}  // namespace scanscope
