#include "gui/imgui_layer.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "gui/window.h"

namespace scanscope {
namespace {

constexpr const char* kDejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* kDejaVuSansMono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
constexpr const char* kDejaVuSansBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

// Latin, punctuation, arrows, maths and the geometric shapes used by the transport buttons.
const ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2190,
                                0x21FF, 0x2200, 0x22FF, 0x2500, 0x25FF, 0};

ImVec4 to_imvec(const Color& c) {
    return ImVec4(c.r, c.g, c.b, c.a);
}

ImVec4 mix(const Color& a, const Color& b, float t) {
    return ImVec4(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t,
                  a.a + (b.a - a.a) * t);
}

bool file_exists(const char* path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec);
}

}  // namespace

ImGuiLayer::ImGuiLayer(Window& window, float ui_scale, const Theme& theme)
    : scale_(std::clamp(ui_scale, 0.5f, 4.0f)), theme_(theme) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the layout is computed, not saved
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
#ifdef __EMSCRIPTEN__
    ImGui_ImplOpenGL3_Init("#version 300 es");
#else
    ImGui_ImplOpenGL3_Init("#version 330 core");
#endif
    build_fonts();
    apply_style();
}

ImGuiLayer::~ImGuiLayer() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::build_fonts() {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const bool dejavu = file_exists(kDejaVuSans) && file_exists(kDejaVuSansMono);
    if (dejavu) {
        ImFontConfig config;
        config.OversampleH = 2;
        fonts_.regular =
            io.Fonts->AddFontFromFileTTF(kDejaVuSans, 16.0f * scale_, &config, kGlyphRanges);
        fonts_.mono =
            io.Fonts->AddFontFromFileTTF(kDejaVuSansMono, 15.0f * scale_, &config, kGlyphRanges);
        const char* heading = file_exists(kDejaVuSansBold) ? kDejaVuSansBold : kDejaVuSans;
        fonts_.heading =
            io.Fonts->AddFontFromFileTTF(heading, 19.0f * scale_, &config, kGlyphRanges);
        // Presenter mode's sentences at the legible size itself: larger takes the pictures' room.
        fonts_.large = io.Fonts->AddFontFromFileTTF(
            kDejaVuSans, legible_px_ > 0 ? legible_px_ : 25.0f * scale_, &config, kGlyphRanges);
        fonts_.mono_large = io.Fonts->AddFontFromFileTTF(
            kDejaVuSansMono, std::max(40.0f * scale_, 1.5f * legible_px_), &config, kGlyphRanges);
        font_notice_.clear();
    }
    if (!dejavu || !fonts_.regular || !fonts_.mono || !fonts_.heading || !fonts_.large ||
        !fonts_.mono_large) {
        io.Fonts->Clear();
        ImFontConfig config;
        config.SizePixels = 13.0f * scale_;
        fonts_.regular = fonts_.mono = fonts_.heading = io.Fonts->AddFontDefault(&config);
        ImFontConfig large = config;
        large.SizePixels = legible_px_ > 0 ? legible_px_ : 26.0f * scale_;
        fonts_.large = fonts_.mono_large = io.Fonts->AddFontDefault(&large);
        font_notice_ =
            "DejaVu fonts not found (install fonts-dejavu-core); using ImGui's built-in font";
    }
    io.FontDefault = fonts_.regular;
    fonts_.scale = scale_;
}

void ImGuiLayer::apply_style() {
    ImGuiStyle style;
    if (theme_.dark)
        ImGui::StyleColorsDark(&style);
    else
        ImGui::StyleColorsLight(&style);
    style.WindowRounding = 0.0f;
    style.FrameRounding = 4.0f;
    style.GrabRounding = 4.0f;
    style.WindowBorderSize = 1.0f;
    style.FramePadding = ImVec2(8, 5);
    style.ItemSpacing = ImVec2(8, 7);
    style.WindowPadding = ImVec2(12, 10);

    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = to_imvec(theme_.panel);
    c[ImGuiCol_ChildBg] = to_imvec(theme_.panel);
    c[ImGuiCol_PopupBg] = to_imvec(theme_.panel);
    c[ImGuiCol_MenuBarBg] = to_imvec(theme_.background);
    c[ImGuiCol_Border] = to_imvec(theme_.panel_border);
    c[ImGuiCol_Text] = to_imvec(theme_.text);
    c[ImGuiCol_TextDisabled] = to_imvec(theme_.text_dim);
    c[ImGuiCol_FrameBg] = to_imvec(theme_.widget);
    c[ImGuiCol_FrameBgHovered] = to_imvec(theme_.widget_hover);
    c[ImGuiCol_FrameBgActive] = to_imvec(theme_.widget_hover);
    c[ImGuiCol_Button] = to_imvec(theme_.widget);
    c[ImGuiCol_ButtonHovered] = to_imvec(theme_.widget_hover);
    c[ImGuiCol_ButtonActive] = mix(theme_.widget_hover, theme_.accent, 0.35f);
    c[ImGuiCol_Header] = mix(theme_.widget, theme_.accent, 0.25f);
    c[ImGuiCol_HeaderHovered] = mix(theme_.widget, theme_.accent, 0.45f);
    c[ImGuiCol_HeaderActive] = mix(theme_.widget, theme_.accent, 0.6f);
    c[ImGuiCol_CheckMark] = to_imvec(theme_.accent);
    c[ImGuiCol_SliderGrab] = to_imvec(theme_.accent);
    c[ImGuiCol_SliderGrabActive] = to_imvec(theme_.accent);
    c[ImGuiCol_TitleBg] = to_imvec(theme_.background);
    c[ImGuiCol_TitleBgActive] = to_imvec(theme_.background);
    c[ImGuiCol_Separator] = to_imvec(theme_.panel_border);
    c[ImGuiCol_PlotLines] = to_imvec(theme_.accent);
    c[ImGuiCol_PlotHistogram] = to_imvec(theme_.accent);
    c[ImGuiCol_TableHeaderBg] = to_imvec(theme_.widget);
    c[ImGuiCol_TableBorderStrong] = to_imvec(theme_.panel_border);
    c[ImGuiCol_TableBorderLight] = to_imvec(theme_.panel_border);
    style.ScaleAllSizes(scale_);
    ImGui::GetStyle() = style;
}

void ImGuiLayer::set_scale(float ui_scale) {
    ui_scale = std::clamp(ui_scale, 0.5f, 4.0f);
    if (ui_scale != scale_) pending_scale_ = ui_scale;
}

void ImGuiLayer::set_legible_px(float px) {
    if (std::abs(px - legible_px_) < 0.5f) return;
    legible_px_ = px;
    fonts_stale_ = true;
}

void ImGuiLayer::set_theme(const Theme& theme) {
    theme_ = theme;
    apply_style();
}

void ImGuiLayer::new_frame(int display_w, int display_h) {
    if (pending_scale_ > 0.0f || fonts_stale_) {
        if (pending_scale_ > 0.0f) scale_ = pending_scale_;
        pending_scale_ = 0.0f;
        fonts_stale_ = false;
        build_fonts();
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
        apply_style();
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (display_w > 0 && display_h > 0) {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(float(display_w), float(display_h));
        io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    }
    ImGui::NewFrame();
}

void ImGuiLayer::render() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace scanscope
