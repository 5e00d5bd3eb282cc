// The GLFW window and its OpenGL 3.3 core context, loaded with the build-time GLAD loader (in
// the browser: the page's canvas and its WebGL 2 context).
#pragma once

#include <memory>
#include <string>

struct GLFWwindow;

namespace scanscope {

class Window {
  public:
    struct Config {
        int width = 1600;
        int height = 1000;
        bool visible = true;  // screenshots render off screen into a hidden window's context
        const char* title = "ScanScope";
    };

    // Null with `error` set (e.g. "X11: The DISPLAY environment variable is missing") when no
    // window or no OpenGL 3.3 context can be had.
    static std::unique_ptr<Window> create(const Config& config, std::string& error);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    GLFWwindow* handle() const { return window_; }
    bool should_close() const;
    void request_close();
    // The monitor's content scale (1 on a plain monitor, 2 on most high-DPI laptops).
    float content_scale() const;
    void framebuffer_size(int& width, int& height) const;
    void swap_buffers();
    // In the browser: the canvas takes the page's size, in the display's pixels.
    // On the desktop the user sizes the window: nothing to do.
    void fit_to_page();
    std::string gl_renderer() const;

  private:
    explicit Window(GLFWwindow* window) : window_(window) {}
    GLFWwindow* window_ = nullptr;
};

}  // namespace scanscope
