// A canvas inside an ImGui window: the scene's cells and arrows drawn by the project's shaders
// straight into the window's framebuffer (an ImGui draw callback, scissored to the canvas), the
// text on top by ImGui. The wheel zooms at the cursor, dragging pans, a double click fits the
// whole scene.
#pragma once

#include <functional>
#include <string>

#include "gui/imgui_layer.h"
#include "render/camera.h"
#include "render/canvas_renderer.h"
#include "scenes/scene.h"

struct ImDrawList;
struct ImDrawCmd;

namespace scanscope {

// How a canvas draws its text: which panel it is (for the layout log) and, in presenter mode, the
// font size every focus value must reach.
struct CanvasTextRules {
    const char* panel = "canvas";
    float focus_px = 0;     // > 0: presenter mode; the camera zooms so that focus values reach it
    float hint_from_x = 0;  // the line above the canvas is free right of this (past the tabs)
};

class CanvasView {
  public:
    // A new scene to show; `version` names what it shows: set_scene is skipped (see needs) while
    // the version stays the same, so an unchanged picture is not built again every frame.
    bool needs(const std::string& version) const { return version != version_; }
    void set_scene(Scene scene, std::string version);
    // Draws the scene into the rest of the current ImGui window. `key` changes when the content
    // is new (another trace or view): the camera fits again then.
    void draw(const std::string& key, const UiFonts& fonts, const Theme& theme,
              const CanvasTextRules& rules = {});
    // Presenter mode: whether the last draw showed every focus value at rules.focus_px inside the
    // canvas (a view that cannot lays its rows out narrower and tries again).
    bool focus_fits() const { return focus_fits_; }
    // Whether a scene's focus values can all reach `focus_px` inside a width x height canvas.
    static bool focus_fits_in(const Scene& scene, const UiFonts& fonts, float width, float height,
                              float focus_px);
    // What a hovered cell's tooltip says; empty: no tooltip.
    std::function<std::string(const SceneCell&)> describe;
    // A click (not a drag) on a cell; unset: clicks only pan.
    std::function<void(const SceneCell&)> on_click;
    // Cells drawn with a thick outline (a student's picks in predict mode).
    std::function<bool(const SceneCell&)> marked;
    const std::string& error() const { return error_; }

  private:
    static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
    void render_gl();

    CanvasRenderer renderer_;
    Camera camera_;
    Scene scene_;  // kept until ImGui renders the frame, and while nothing changes
    std::string version_;
    Rect area_;  // the canvas, in display coordinates
    Rect clip_;  // the part of it drawn into: where no value is cut (display coordinates)
    bool initialised_ = false;
    bool focus_fits_ = true;
    bool user_moved_ = false;
    std::string key_;
    std::string error_;
};

}  // namespace scanscope
