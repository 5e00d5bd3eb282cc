#include "views/canvas_view.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "gui/layout_log.h"
#include "render/gl_api.h"
#include "scenes/drawn_bounds.h"
#include "scenes/line_stack.h"
#include "scenes/whole_cells.h"
#include "views/canvas_labels.h"

namespace scanscope {
namespace {

ImU32 to_u32(const Color& c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

// A value's font size per pixel of camera scale: it takes 68 % of its cell's height (the lines
// of a cell of several, 80 % between them) and 92 % of its width at most.
float value_px_per_scale(const SceneCell& c, ImFont* font) {
    const float lines = float(std::count(c.text.begin(), c.text.end(), '\n') + 1);
    const float by_height = lines > 1 ? 0.8f * c.rect.h / lines : 0.68f * c.rect.h;
    const float width_at_100 = font->CalcTextSizeA(100.0f, 1e9f, 0.0f, c.text.c_str()).x;
    const float by_width = width_at_100 > 0 ? 0.92f * c.rect.w * 100.0f / width_at_100 : 1e9f;
    return std::min(by_height, by_width);
}

// The camera scale at which every focus value reaches `px` (0: no focus values).
float focus_scale(const Scene& s, ImFont* font, float px) {
    float needed = 0;
    for (const SceneCell& c : s.cells)
        if (c.focus && !c.text.empty())
            needed = std::max(needed, px / std::max(value_px_per_scale(c, font), 1e-4f));
    return needed;
}

// The camera scale at which every value reaches `px`: the first fit of the normal layout keeps
// values at the readable minimum, so a larger UI scale zooms in rather than leaving values out.
float readable_scale(const Scene& s, ImFont* font, float px) {
    float needed = 0;
    for (const SceneCell& c : s.cells)
        if (!c.text.empty())
            needed = std::max(needed, px / std::max(value_px_per_scale(c, font), 1e-4f));
    return needed;
}

Rect focus_bounds(const Scene& s) {
    float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
    for (const SceneCell& c : s.cells)
        if (c.focus) {
            x0 = std::min(x0, c.rect.x), y0 = std::min(y0, c.rect.y);
            x1 = std::max(x1, c.rect.right()), y1 = std::max(y1, c.rect.bottom());
        }
    return x1 > x0 ? Rect{x0, y0, x1 - x0, y1 - y0} : Rect{};
}

TextRole role_of_label(const SceneLabel& l) {
    return l.fixed_px > 0 ? TextRole::Caption : TextRole::Label;
}

// The scene's bounds with its labels as drawn at this scale: at a small scale a label keeps a
// readable size, so it reaches further than its place (a row's name left of a wide drawing would
// be cut at the canvas's edge). Captions, nudged whole into view, only count by their place.
Rect bounds_with_labels(const Scene& s, float scale, float ui, ImFont* font) {
    return drawn_bounds(s, scale, [&](const SceneLabel& l) -> DrawnLabel {
        const float px = label_px(l, scale, ui);
        if (px <= 0) return {};
        if (l.fixed_px > 0) return {0, px};
        return {font->CalcTextSizeA(px, 1e9f, 0.0f, l.text.c_str()).x + 6.0f * ui, px};
    });
}

// Presenter mode's camera scale for a scene in a width x height canvas: the focus at `px`, and
// the whole where it fits larger still (up to half as large again).
struct PresenterFit {
    float scale = 0;
    Rect bounds, focus;
    bool fits = false;  // every focus value at px inside the canvas
};
PresenterFit presenter_fit(const Scene& s, const UiFonts& fonts, float width, float height,
                           float px) {
    PresenterFit f;
    const float needed = focus_scale(s, fonts.mono, px);
    f.focus = focus_bounds(s);
    if (needed <= 0 || f.focus.w <= 0) {
        f.scale = 0;
        f.fits = true;  // nothing the step is about has a value
        return f;
    }
    // The labels' room at that scale, then the whole if it fits larger.
    f.bounds = bounds_with_labels(s, needed, fonts.scale, fonts.regular);
    const float whole = std::min(width / f.bounds.w, height / f.bounds.h);
    f.scale = std::max(needed, std::min(whole, needed * 1.5f));
    f.fits = f.focus.w * f.scale <= width + 0.5f && f.focus.h * f.scale <= height + 0.5f;
    return f;
}

// The lines under the canvas: in presenter mode a scene's headlines at the legible size, where it
// has them, in place of its notes.
struct LinesUnder {
    const std::vector<std::string>& lines;
    ImFont* font;  // the legible size's (headlines); null: the window's (notes)
};
LinesUnder lines_under(const Scene& s, const UiFonts& fonts, bool presenter) {
    if (presenter && !s.headlines.empty() && fonts.large) return {s.headlines, fonts.large};
    return {s.notes, nullptr};
}

// What the lines under the canvas take, wrapped under a canvas this wide.
float lines_height(const LinesUnder& under, float width) {
    ImFont* font = under.font ? under.font : ImGui::GetFont();
    const float size = under.font ? under.font->FontSize : ImGui::GetFontSize();
    float h = 0;
    for (const std::string& line : under.lines)
        h += font->CalcTextSizeA(size, 1e9f, width, line.c_str()).y +
             ImGui::GetStyle().ItemSpacing.y;
    return h;
}

void text_at(ImDrawList* list, ImFont* font, float size, ImVec2 at, Align align, ImU32 color,
             const std::string& text, const char* panel, TextRole role) {
    const Rect box = label_box(font, size, at, align, text);
    draw_logged_text(list, font, size, box.x, box.y, color, text, panel, role);
}

// Where a label is drawn on a canvas (display coordinates): a caption mostly in view is nudged
// inside it.
ImVec2 label_at(const SceneLabel& l, float size, ImVec2 at, ImFont* font, const Rect& canvas) {
    return l.fixed_px > 0 ? nudged_inside(font, size, at, l.align, l.text, canvas) : at;
}

// The part of the canvas `area` (display coordinates) a fitted view draws into: its edges moved
// in past the values they would cut, where that leaves every value and label shown whole.
Rect whole_values_clip(const Scene& s, const Camera& camera, const Rect& area,
                       const UiFonts& fonts) {
    const auto world = [&](float x, float y) { return camera.to_world({x - area.x, y - area.y}); };
    ViewLabels labels;
    for (const SceneLabel& l : s.labels) {
        const float size = label_px(l, camera.scale, fonts.scale);
        if (size <= 0) continue;
        const Vec2 p = camera.to_screen(l.at);
        const ImVec2 at =
            label_at(l, size, ImVec2(area.x + p.x, area.y + p.y), fonts.regular, area);
        const Rect b = label_box(fonts.regular, size, at, l.align, l.text);
        const Vec2 w0 = world(b.x, b.y), w1 = world(b.right(), b.bottom());
        (l.fixed_px > 0 ? labels.captions : labels.names)
            .push_back({w0.x, w0.y, w1.x - w0.x, w1.y - w0.y});
    }
    const Vec2 v0 = world(area.x, area.y), v1 = world(area.right(), area.bottom());
    const Rect whole = whole_cells_view(s.cells, {v0.x, v0.y, v1.x - v0.x, v1.y - v0.y}, labels);
    const Vec2 w0 = camera.to_screen({whole.x, whole.y}),
               w1 = camera.to_screen({whole.right(), whole.bottom()});
    return {area.x + w0.x, area.y + w0.y, w1.x - w0.x, w1.y - w0.y};
}

}  // namespace

bool CanvasView::focus_fits_in(const Scene& scene, const UiFonts& fonts, float width, float height,
                               float focus_px) {
    const float under = lines_height(lines_under(scene, fonts, focus_px > 0), width);
    return presenter_fit(scene, fonts, width, height - under, focus_px).fits;
}

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
    const int clip_x = int(std::round(clip_.x * sx)),
              clip_right = int(std::round(clip_.right() * sx));
    const int clip_top = int(std::round(clip_.y * sy)),
              clip_bottom = int(std::round(clip_.bottom() * sy));
    glScissor(clip_x, fb_height - clip_bottom, std::max(clip_right - clip_x, 0),
              std::max(clip_bottom - clip_top, 0));
    Camera physical = camera_;
    physical.scale *= sx;
    renderer_.draw(scene_, physical, w, h);
}

void CanvasView::set_scene(Scene scene, std::string version) {
    scene_ = std::move(scene);
    version_ = std::move(version);
}

void CanvasView::draw(const std::string& key, const UiFonts& fonts, const Theme& theme,
                      const CanvasTextRules& rules) {
    const Scene& s = scene_;
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float width = std::max(avail.x, 1.0f), height = std::max(avail.y, 1.0f);
    const bool presenter = rules.focus_px > 0;
    focus_fits_ = true;
    if (!initialised_) {
        initialised_ = true;
        if (!renderer_.init(error_)) error_ = "the canvas shaders did not compile: " + error_;
    }
    if (!s.empty_message.empty() || !error_.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        text_wrapped_logged(!error_.empty() ? error_ : s.empty_message, rules.panel,
                            TextRole::Note);
        ImGui::PopStyleColor();
        return;
    }
    // Notes wrap under the canvas: reserve what they take at this width.
    const LinesUnder under = lines_under(s, fonts, presenter);
    float canvas_h = std::max(height - lines_height(under, width), 1.0f);
    const float ui = fonts.scale;  // text's pixel bounds grow with the UI scale (a projector)
    ImFont* font = fonts.mono;

    // Presenter mode: the focus at its legible size; where the whole does not fit at that size, a
    // strip along the bottom shows it small, with the part in view marked.
    PresenterFit fit;
    float overview_h = 0;
    if (presenter) {
        fit = presenter_fit(s, fonts, width, canvas_h, rules.focus_px);
        if (fit.scale > 0 &&
            (fit.bounds.w * fit.scale > width + 1 || fit.bounds.h * fit.scale > canvas_h + 1)) {
            const float strip = std::round(std::min(0.16f * canvas_h, 90.0f * ui));
            const PresenterFit with_strip =
                presenter_fit(s, fonts, width, canvas_h - strip, rules.focus_px);
            if (with_strip.fits) {  // the focus first: no strip where it would not fit then
                fit = with_strip;
                overview_h = strip;
                canvas_h -= strip;
            }
        }
        focus_fits_ = fit.fits;
    }
    // Fits the camera to the scene, then to its bounds with the labels as drawn at that scale
    // (twice: the wider bounds give a slightly smaller scale again).
    const auto fit_all = [&](bool readable) {
        if (readable && presenter && fit.scale > 0) {
            camera_.fit_focus(fit.bounds, fit.focus, width, canvas_h, fit.scale);
            return;
        }
        Rect bounds = s.bounds;
        const float min_scale =
            std::max(s.min_readable_px > 0 ? readable_scale(s, font, 11.0f * ui) : 0.0f,
                     s.min_readable_px * ui);
        for (int pass = 0;; ++pass) {
            if (readable)
                camera_.fit_readable(bounds, width, canvas_h, min_scale, s.newest_at_bottom);
            else
                camera_.fit(bounds, width, canvas_h);
            if (pass == 2) break;
            bounds = bounds_with_labels(s, camera_.scale, ui, fonts.regular);
        }
    };
    if (key != key_ || !user_moved_) {
        if (key != key_) user_moved_ = false;
        key_ = key;
        fit_all(true);
    }

    // Reserve the area; the shaders draw into it when ImGui renders this window. A fitted view
    // draws only whole values: an edge that would cut a row or column of them moves in to the
    // gap beside it (the overview and the hint say there is more).
    area_ = {pos.x, pos.y, width, canvas_h};
    clip_ = area_;
    if (!user_moved_) {
        clip_ = whole_values_clip(s, camera_, area_, fonts);
        // What is left, in the middle of the room its edges freed.
        const float dx = ((clip_.x - area_.x) - (area_.right() - clip_.right())) / 2,
                    dy = ((clip_.y - area_.y) - (area_.bottom() - clip_.bottom())) / 2;
        camera_.pan({-dx, -dy});
        clip_ = {clip_.x - dx, clip_.y - dy, clip_.w, clip_.h};
    }
    ImGui::InvisibleButton("##canvas", ImVec2(width, canvas_h));
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddCallback(&CanvasView::render_callback, this);
    list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);

    list->PushClipRect(ImVec2(clip_.x, clip_.y), ImVec2(clip_.right(), clip_.bottom()), true);
    auto screen = [&](Vec2 w) {
        const Vec2 p = camera_.to_screen(w);
        return ImVec2(pos.x + p.x, pos.y + p.y);
    };
    const float scale = camera_.scale;
    // Values grow with their cells; presenter mode lets focus values grow past the usual cap.
    const float cap = std::max(40.0f * ui, rules.focus_px * 1.6f);

    // Cell values: only where there is room to read them, and whole (half a number reads as
    // another number).
    for (const SceneCell& c : s.cells) {
        if (c.text.empty()) continue;
        const ImVec2 a = screen({c.rect.x, c.rect.y}),
                     b = screen({c.rect.right(), c.rect.bottom()});
        const float size = std::min(value_px_per_scale(c, font) * scale, cap);
        // Large numbers from the large font's glyphs: crisp on a projector, not blown up.
        ImFont* face = fonts.mono_large && size > 1.3f * font->FontSize ? fonts.mono_large : font;
        const ImVec2 extent = face->CalcTextSizeA(size, 1e9f, 0.0f, c.text.c_str());
        const Rect text{(a.x + b.x - extent.x) / 2, (a.y + b.y - extent.y) / 2, extent.x, extent.y};
        const bool whole = text.x >= clip_.x - 0.5f && text.y >= clip_.y - 0.5f &&
                           text.right() <= clip_.right() + 0.5f &&
                           text.bottom() <= clip_.bottom() + 0.5f;
        if (!whole || size < 11.0f * ui) {
            // Not drawn: cut by the canvas's edge, or too small to read. A focus value says so
            // in the log.
            if (c.focus)
                layout_log().record_missing(rules.panel, TextRole::Value, c.text, size, true);
            continue;
        }
        const TextRole role = c.ref.kind == CellRef::Kind::Bank   ? TextRole::BankNumber
                              : c.ref.kind == CellRef::Kind::Lane ? TextRole::LaneNumber
                                                                  : TextRole::Value;
        draw_logged_text(list, face, size, text.x, text.y, to_u32(c.text_color), c.text,
                         rules.panel, role, c.focus);
    }
    const Rect& canvas_rect = clip_;
    LineStack names;
    for (const SceneLabel& l : s.labels) {
        const float natural = label_px(l, scale, ui);
        if (natural <= 0) continue;
        // A caption mostly in view is nudged inside the canvas; a name is drawn smaller where
        // that makes it whole, and one the scene stacks under another closer than this size's
        // line moves down a line. What the canvas's edge would still cut is shortened or left
        // out: half a word reads as another word ("nks 0+"), and the hint above the canvas says
        // that there is more to see.
        const float size =
            fitting_label_px(fonts.regular, natural, 11.0f * ui, screen(l.at), l, canvas_rect);
        ImVec2 at = screen(l.at);
        const Rect box = label_box(fonts.regular, size, at, l.align, l.text);
        if (l.fixed_px <= 0) at.y += names.top_for(l.at.y, box) - box.y;
        at = label_at(l, size, at, fonts.regular, canvas_rect);
        const std::string text = shown_text(fonts.regular, size, at, l, canvas_rect);
        if (text.empty()) continue;
        text_at(list, fonts.regular, size, at, l.align, to_u32(l.color), text, rules.panel,
                role_of_label(l));
        if (l.fixed_px <= 0) names.add(l.at.y, label_box(fonts.regular, size, at, l.align, text));
    }
    // Values gliding between steps.
    for (const SceneGlide& g : s.glides) {
        const float size = std::clamp(0.62f * scale, 11.0f * ui, cap);
        const ImVec2 at = screen(lerp(g.from, g.to, g.t));
        const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0.0f, g.text.c_str());
        const ImVec2 a(at.x - extent.x / 2 - 3, at.y - extent.y / 2 - 1),
            b(at.x + extent.x / 2 + 3, at.y + extent.y / 2 + 1);
        list->AddRectFilled(a, b, ImGui::GetColorU32(ImGuiCol_WindowBg), 3.0f);
        list->AddRect(a, b, to_u32(g.color), 3.0f);
        draw_logged_text(list, font, size, a.x + 3, a.y + 1, to_u32(g.color), g.text, rules.panel,
                         TextRole::Value);
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

    // The overview: every cell small, the focus in the accent colour, the part in view framed.
    // A click there moves the view.
    if (overview_h > 0) {
        const ImVec2 o0(pos.x, pos.y + canvas_h), o1(pos.x + width, pos.y + canvas_h + overview_h);
        list->AddRectFilled(o0, o1, ImGui::GetColorU32(ImGuiCol_FrameBg));
        const Rect& b = s.bounds;
        const float pad = 4.0f * ui;
        const float k = std::min((width - 2 * pad) / std::max(b.w, 1e-3f),
                                 (overview_h - 2 * pad) / std::max(b.h, 1e-3f));
        const ImVec2 at(pos.x + (width - b.w * k) / 2, o0.y + (overview_h - b.h * k) / 2);
        const auto mini = [&](Vec2 w) {
            return ImVec2(at.x + (w.x - b.x) * k, at.y + (w.y - b.y) * k);
        };
        for (const SceneCell& c : s.cells)
            list->AddRectFilled(mini({c.rect.x, c.rect.y}), mini({c.rect.right(), c.rect.bottom()}),
                                to_u32(c.focus ? theme.accent : c.fill));
        const Vec2 v0 = camera_.to_world({0, 0}), v1 = camera_.to_world({width, canvas_h});
        list->PushClipRect(o0, o1, true);
        list->AddRect(mini(v0), mini(v1), ImGui::GetColorU32(ImGuiCol_Text), 0, 0, 2.0f * ui);
        list->PopClipRect();
        ImGui::InvisibleButton("##overview", ImVec2(width, overview_h));
        if (ImGui::IsItemActive() && k > 0) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const Vec2 world{(m.x - at.x) / k + b.x, (m.y - at.y) / k + b.y};
            camera_.origin = {world.x - width / 2 / scale, world.y - canvas_h / 2 / scale};
            user_moved_ = true;
        }
    }
    // Never silently cut: when the picture is larger than the canvas, say how to see the rest,
    // in the line above the canvas (beside a panel's tabs), where it covers no cell.
    const Rect shown = bounds_with_labels(s, scale, ui, fonts.regular);
    const Vec2 first = camera_.to_screen({shown.x, shown.y}),
               last = camera_.to_screen({shown.right(), shown.bottom()});
    if (first.x < -1 || first.y < -1 || last.x > width + 1 || last.y > canvas_h + 1) {
        // The longest wording that fits between the tabs and the canvas's right edge.
        const std::array<const char*, 2> wordings =
            overview_h > 0
                ? std::array<const char*, 2>{"the whole: below; drag or click it for more",
                                             "the whole: below"}
                : std::array<const char*, 2>{
                      "part of the picture: drag to pan, double-click for all", "drag: more"};
        const float room = pos.x + width - 8 - std::max(rules.hint_from_x + 8, pos.x);
        const char* hint = wordings[1];
        if (ImGui::CalcTextSize(wordings[0]).x <= room) hint = wordings[0];
        const ImVec2 extent = ImGui::CalcTextSize(hint);
        draw_logged_text(ImGui::GetWindowDrawList(), ImGui::GetFont(), ImGui::GetFontSize(),
                         pos.x + width - extent.x - 8, pos.y - extent.y - 4,
                         ImGui::GetColorU32(ImGuiCol_TextDisabled), hint, rules.panel,
                         TextRole::Hint);
    }
    if (under.font) ImGui::PushFont(under.font);
    for (const std::string& line : under.lines)
        text_wrapped_logged(line, rules.panel, TextRole::Note, under.font != nullptr);
    if (under.font) ImGui::PopFont();

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
