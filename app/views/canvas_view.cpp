#include "views/canvas_view.h"

#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace scanscope {
namespace {

ImU32 to_u32(const Color& c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

void text_at(ImDrawList* list, ImFont* font, float size, ImVec2 at, Align align, ImU32 color,
             const std::string& text) {
    const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str());
    if (align == Align::Center) at.x -= extent.x / 2;
    if (align == Align::Right) at.x -= extent.x;
    at.y -= extent.y / 2;
    list->AddText(font, size, at, color, text.c_str());
}

// A label's pixel size at this scale (ui: the UI scale), or 0 where it is left out. Labels scale
// with the scene, within readable bounds. A label whose place has shrunk to well under the
// readable size is left out rather than drawn over its neighbours; captions keep their size until
// the scene is so small that they would cover it.
float label_px(const SceneLabel& l, float scale, float ui) {
    const float natural = l.size * scale;
    if (l.fixed_px > 0) return std::min(l.fixed_px * ui, std::max(natural * 1.6f, 9.0f * ui));
    if (natural < 0.45f * 11.0f * ui && !l.keep) return 0;
    return std::clamp(natural, 11.0f * ui, 30.0f * ui);
}

// The scene's bounds grown to hold its labels as drawn at this scale: at a small scale a label
// keeps a readable size, so it reaches further than the scene's own estimate of it (a row's name
// left of a wide drawing would be cut at the canvas's edge). Captions only count by their place.
Rect bounds_with_labels(const Scene& s, float scale, float ui, ImFont* font) {
    float x0 = s.bounds.x, x1 = s.bounds.right();
    for (const SceneLabel& l : s.labels) {
        const float px = l.fixed_px > 0 ? 0 : label_px(l, scale, ui);
        if (px <= 0) continue;
        const float w = (font->CalcTextSizeA(px, 1e9f, 0.0f, l.text.c_str()).x + 6.0f * ui) / scale;
        const float left = l.align == Align::Left     ? l.at.x
                           : l.align == Align::Center ? l.at.x - w / 2
                                                      : l.at.x - w;
        x0 = std::min(x0, left);
        x1 = std::max(x1, left + w);
    }
    return {x0, s.bounds.y, x1 - x0, s.bounds.h};
}

}  // namespace

void CanvasView::render_callback(const ImDrawList* /*list*/, const ImDrawCmd* command) {
    static_cast<CanvasView*>(command->UserCallbackData)->render_gl();
}

// Runs inside ImGui's rendering, with the framebuffer ImGui draws into bound.
void CanvasView::render_gl() {
    const ImGuiIO& io = ImGui::GetIO();
    const float sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
    const int fb_height = int(io.DisplaySize.y * sy);
    const int x = int(area_.x * sx), w = int(area_.w * sx), h = int(area_.h * sy);
    const int y = fb_height - int((area_.y + area_.h) * sy);  // OpenGL counts rows from the bottom
    if (w <= 0 || h <= 0) return;
    glViewport(x, y, w, h);
    glEnable(GL_SCISSOR_TEST);
    glScissor(x, y, w, h);
    Camera physical = camera_;
    physical.scale *= sx;
    renderer_.draw(scene_, physical, w, h);
}

void CanvasView::set_scene(Scene scene, std::string version) {
    scene_ = std::move(scene);
    version_ = std::move(version);
}

void CanvasView::draw(const std::string& key, const UiFonts& fonts, const Theme& /*theme*/) {
    const Scene& s = scene_;
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float width = std::max(avail.x, 1.0f), height = std::max(avail.y, 1.0f);
    if (!initialised_) {
        initialised_ = true;
        if (!renderer_.init(error_)) error_ = "the canvas shaders did not compile: " + error_;
    }
    if (!s.empty_message.empty() || !error_.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", !error_.empty() ? error_.c_str() : s.empty_message.c_str());
        ImGui::PopStyleColor();
        return;
    }
    // Notes wrap under the canvas: reserve what they take at this width.
    float notes_h = 0;
    for (const std::string& note : s.notes)
        notes_h += ImGui::CalcTextSize(note.c_str(), nullptr, false, width).y +
                   ImGui::GetStyle().ItemSpacing.y;
    const float canvas_h = std::max(height - notes_h, 1.0f);
    // Fits the camera to the scene, then to its bounds with the labels as drawn at that scale
    // (twice: the wider bounds give a slightly smaller scale again).
    const auto fit_all = [&](bool readable) {
        Rect bounds = s.bounds;
        for (int pass = 0;; ++pass) {
            if (readable)
                camera_.fit_readable(bounds, width, canvas_h, s.min_readable_px * fonts.scale,
                                     s.newest_at_bottom);
            else
                camera_.fit(bounds, width, canvas_h);
            if (pass == 2) break;
            bounds = bounds_with_labels(s, camera_.scale, fonts.scale, fonts.regular);
        }
    };
    if (key != key_ || !user_moved_) {
        if (key != key_) user_moved_ = false;
        key_ = key;
        fit_all(true);
    }

    // Reserve the area; the shaders draw into it when ImGui renders this window.
    area_ = {pos.x, pos.y, width, canvas_h};
    ImGui::InvisibleButton("##canvas", ImVec2(width, canvas_h));
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddCallback(&CanvasView::render_callback, this);
    list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);

    list->PushClipRect(pos, ImVec2(pos.x + width, pos.y + canvas_h), true);
    auto screen = [&](Vec2 w) {
        const Vec2 p = camera_.to_screen(w);
        return ImVec2(pos.x + p.x, pos.y + p.y);
    };
    ImFont* font = fonts.mono;
    const float scale = camera_.scale;
    const float ui = fonts.scale;  // text's pixel bounds grow with the UI scale (a projector)

    // Cell values: only where there is room to read them.
    for (const SceneCell& c : s.cells) {
        if (c.text.empty()) continue;
        const float cell_px = c.rect.h * scale;
        if (cell_px < 11.0f * ui) continue;
        const ImVec2 a = screen({c.rect.x, c.rect.y}),
                     b = screen({c.rect.right(), c.rect.bottom()});
        if (b.x < pos.x || a.x > pos.x + width || b.y < pos.y || a.y > pos.y + canvas_h) continue;
        const float lines = float(std::count(c.text.begin(), c.text.end(), '\n') + 1);
        float size = std::min(cell_px * 0.5f / lines * (lines > 1 ? 1.4f : 1.0f), 40.0f * ui);
        ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0.0f, c.text.c_str());
        if (extent.x > (b.x - a.x) * 0.94f) {
            size *= (b.x - a.x) * 0.94f / extent.x;
            extent = font->CalcTextSizeA(size, 1e9f, 0.0f, c.text.c_str());
        }
        if (size < 8.0f * ui) continue;
        list->AddText(font, size, ImVec2((a.x + b.x - extent.x) / 2, (a.y + b.y - extent.y) / 2),
                      to_u32(c.text_color), c.text.c_str());
    }
    for (const SceneLabel& l : s.labels) {
        const float size = label_px(l, scale, ui);
        if (size > 0)
            text_at(list, fonts.regular, size, screen(l.at), l.align, to_u32(l.color), l.text);
    }
    // Values gliding between steps.
    for (const SceneGlide& g : s.glides) {
        const float size = std::clamp(0.5f * scale, 9.0f * ui, 40.0f * ui);
        const ImVec2 at = screen(lerp(g.from, g.to, g.t));
        const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0.0f, g.text.c_str());
        const ImVec2 a(at.x - extent.x / 2 - 3, at.y - extent.y / 2 - 1),
            b(at.x + extent.x / 2 + 3, at.y + extent.y / 2 + 1);
        list->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_WindowBg), 3.0f);
        list->AddRect(a, b, to_u32(g.color), 3.0f);
        list->AddText(font, size, ImVec2(a.x + 3, a.y + 1), to_u32(g.color), g.text.c_str());
    }
    // Picked cells: a thick outline in the text colour, over whatever role colour they have.
    if (marked)
        for (const SceneCell& c : s.cells)
            if (marked(c))
                list->AddRect(screen({c.rect.x, c.rect.y}),
                              screen({c.rect.right(), c.rect.bottom()}),
                              ImGui::GetColorU32(ImGuiCol_Text), 0.12f * scale, 0,
                              std::max(3.0f * ui, 0.08f * scale));
    list->PopClipRect();
    // Never silently cut: when the picture is larger than the canvas, say how to see the rest,
    // in the line above the canvas (beside a panel's tabs), where it covers no cell.
    const Rect shown = bounds_with_labels(s, scale, ui, fonts.regular);
    const Vec2 first = camera_.to_screen({shown.x, shown.y}),
               last = camera_.to_screen({shown.right(), shown.bottom()});
    if (first.x < -1 || first.y < -1 || last.x > width + 1 || last.y > canvas_h + 1) {
        const char* hint = width > 40 * ImGui::GetFontSize()
                               ? "part of the picture: drag to pan, double-click for all"
                               : "drag: more";
        const ImVec2 extent = ImGui::CalcTextSize(hint);
        const ImVec2 at(pos.x + width - extent.x - 8, pos.y - extent.y - 4);
        ImGui::GetWindowDrawList()->AddText(at, ImGui::GetColorU32(ImGuiCol_TextDisabled), hint);
    }
    for (const std::string& note : s.notes)
        ImGui::TextWrapped("%s", note.c_str());

    // Zoom, pan, fit.
    ImGuiIO& io = ImGui::GetIO();
    if (hovered && io.MouseWheel != 0.0f) {
        camera_.zoom_at({io.MousePos.x - pos.x, io.MousePos.y - pos.y},
                        std::pow(1.15f, io.MouseWheel));
        user_moved_ = true;
    }
    if (hovered && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        camera_.pan({io.MouseDelta.x, io.MouseDelta.y});
        user_moved_ = true;
    }
    if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        user_moved_ = true;  // stays fitted to all until the reader moves again
        fit_all(false);
    }
    // A click: released where it went down (a drag pans instead).
    if (hovered && on_click && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
        io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 9.0f) {
        const Vec2 world = camera_.to_world({io.MousePos.x - pos.x, io.MousePos.y - pos.y});
        for (auto it = s.cells.rbegin(); it != s.cells.rend(); ++it)
            if (it->rect.contains(world)) {
                on_click(*it);
                break;
            }
    }
    if (hovered && describe) {
        const Vec2 world = camera_.to_world({io.MousePos.x - pos.x, io.MousePos.y - pos.y});
        for (auto it = s.cells.rbegin(); it != s.cells.rend(); ++it) {
            if (!it->rect.contains(world)) continue;
            const std::string text = describe(*it);
            if (!text.empty()) ImGui::SetTooltip("%s", text.c_str());
            break;
        }
    }
}

}  // namespace scanscope
