// An off-screen framebuffer with a colour texture: screenshots render into one, and the canvas
// draws into one that ImGui then shows as an image.
#pragma once

#include <cstdint>
#include <vector>

namespace scanscope {

class RenderTarget {
  public:
    RenderTarget() = default;
    ~RenderTarget();
    RenderTarget(const RenderTarget&) = delete;
    RenderTarget& operator=(const RenderTarget&) = delete;

    // (Re)allocates when the size changes; false if the driver refuses the framebuffer.
    bool resize(int width, int height);
    void bind() const;  // subsequent drawing goes here, viewport set to the whole target
    static void bind_default(int width, int height);
    unsigned texture() const { return color_; }
    int width() const { return width_; }
    int height() const { return height_; }
    // RGBA8 rows, top row first (OpenGL reads bottom-up; this flips).
    std::vector<std::uint8_t> read_rgba() const;

  private:
    void release();
    unsigned framebuffer_ = 0;
    unsigned color_ = 0;
    int width_ = 0;
    int height_ = 0;
};

}  // namespace scanscope
