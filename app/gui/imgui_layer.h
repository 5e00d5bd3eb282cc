// Dear ImGui on top of the window: context, backends, fonts at the chosen UI scale, theme.
#pragma once

#include <string>

#include "style/theme.h"

struct ImFont;

namespace scanscope {

class Window;

struct UiFonts {
    ImFont* regular = nullptr;
    ImFont* mono = nullptr;        // code and numbers in cells
    ImFont* heading = nullptr;     // panel titles, the step narration
    ImFont* large = nullptr;       // presenter mode's narration, legible from the back of a room
    ImFont* mono_large = nullptr;  // numbers drawn large (a projector), crisp rather than blown up
    float scale = 1.0f;            // the UI scale the fonts were built for: canvas text follows it
};

class ImGuiLayer {
  public:
    ImGuiLayer(Window& window, float ui_scale, const Theme& theme);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // The scale takes effect at the next new_frame() (fonts are rebuilt between frames).
    void set_scale(float ui_scale);
    float scale() const { return scale_; }
    // Presenter mode's legible size (4 % of the window's height; 0 off): the narration's font is
    // at least this large. Takes effect at the next new_frame().
    void set_legible_px(float px);
    void set_theme(const Theme& theme);
    const Theme& theme() const { return theme_; }
    const UiFonts& fonts() const { return fonts_; }
    // Empty when DejaVu was found; otherwise says which font is used instead.
    const std::string& font_notice() const { return font_notice_; }

    // display_w/h > 0 override the window size (screenshots render at an exact pixel size).
    void new_frame(int display_w = 0, int display_h = 0);
    void render();  // draws the frame into the bound framebuffer

  private:
    void build_fonts();
    void apply_style();

    float scale_ = 1.0f;
    float pending_scale_ = 0.0f;
    float legible_px_ = 0.0f;
    bool fonts_stale_ = false;
    Theme theme_;
    UiFonts fonts_;
    std::string font_notice_;
};

}  // namespace scanscope
