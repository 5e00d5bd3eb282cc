// A canvas inside an ImGui window: the scene's cells and arrows drawn by the project's shaders
// into an off-screen target, shown as an image, with the text on top. The wheel zooms at the
// cursor, dragging pans, a double click fits the scene again.
#pragma once

#include <functional>
#include <string>

#include "gui/imgui_layer.h"
#include "gui/render_target.h"
#include "render/camera.h"
#include "render/canvas_renderer.h"
#include "scenes/scene.h"

namespace scanscope {

class CanvasView {
  public:
    // Draws `scene` into the rest of the current ImGui window. `key` changes when the content
    // is new (another trace or view): the camera fits again then.
    void draw(const Scene& scene, const std::string& key, const UiFonts& fonts, const Theme& theme);
    // What a hovered cell's tooltip says; empty: no tooltip.
    std::function<std::string(const SceneCell&)> describe;
    const std::string& error() const { return error_; }

  private:
    RenderTarget target_;
    CanvasRenderer renderer_;
    Camera camera_;
    bool initialised_ = false;
    bool user_moved_ = false;
    std::string key_;
    std::string error_;
};

}  // namespace scanscope
