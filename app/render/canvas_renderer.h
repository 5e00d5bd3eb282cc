// Draws a scene's cells and arrows with the project's shaders: one instanced draw each, so a few
// thousand cells cost little even on software OpenGL. Text goes on top through ImGui (see
// views/canvas_text.h).
#pragma once

#include <string>

#include "render/camera.h"
#include "scenes/scene.h"

namespace scanscope {

class CanvasRenderer {
  public:
    CanvasRenderer() = default;
    ~CanvasRenderer();
    CanvasRenderer(const CanvasRenderer&) = delete;
    CanvasRenderer& operator=(const CanvasRenderer&) = delete;

    // Compiles the shaders; false with `error` set if the driver refuses them.
    bool init(std::string& error);
    bool ready() const { return cell_program_ != 0; }
    // Draws into the bound framebuffer's viewport, width x height, within the scissor the
    // caller set (or none).
    void draw(const Scene& scene, const Camera& camera, int width, int height);

  private:
    unsigned cell_program_ = 0, arrow_program_ = 0;
    unsigned quad_ = 0, cell_vao_ = 0, arrow_vao_ = 0, cell_buffer_ = 0, arrow_buffer_ = 0;
};

}  // namespace scanscope
