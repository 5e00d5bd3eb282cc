#include "gui/window.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>

#ifdef __EMSCRIPTEN__
#include <emscripten/html5.h>
#endif

#include "render/gl_api.h"

namespace scanscope {
namespace {

std::string g_last_glfw_error;

void remember_glfw_error(int /*code*/, const char* description) {
    g_last_glfw_error = description ? description : "unknown GLFW error";
}

}  // namespace

std::unique_ptr<Window> Window::create(const Config& config, std::string& error) {
    glfwSetErrorCallback(remember_glfw_error);
    if (!glfwInit()) {
        error = g_last_glfw_error.empty() ? "GLFW could not start" : g_last_glfw_error;
        return nullptr;
    }
#ifdef __EMSCRIPTEN__
    // WebGL 2 on the page's canvas.
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
#else
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#endif
    glfwWindowHint(GLFW_VISIBLE, config.visible ? GLFW_TRUE : GLFW_FALSE);
#ifndef __EMSCRIPTEN__  // Emscripten's GLFW (3.2) sizes in CSS pixels already
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);  // high-DPI: size in logical pixels
#endif
    GLFWwindow* window =
        glfwCreateWindow(config.width, config.height, config.title, nullptr, nullptr);
    if (!window) {
        error = "no OpenGL 3.3 window: " +
                (g_last_glfw_error.empty() ? std::string("unknown reason") : g_last_glfw_error);
        glfwTerminate();
        return nullptr;
    }
    glfwMakeContextCurrent(window);
#ifndef __EMSCRIPTEN__  // the browser's WebGL needs no loader, and paces frames itself
    if (gladLoadGL(glfwGetProcAddress) == 0) {
        error = "the OpenGL 3.3 functions could not be loaded";
        glfwDestroyWindow(window);
        glfwTerminate();
        return nullptr;
    }
    glfwSwapInterval(1);
#endif
    return std::unique_ptr<Window>(new Window(window));
}

Window::~Window() {
    glfwDestroyWindow(window_);
    glfwTerminate();
}

bool Window::should_close() const {
    return glfwWindowShouldClose(window_) != 0;
}

void Window::request_close() {
    glfwSetWindowShouldClose(window_, GLFW_TRUE);
}

float Window::content_scale() const {
#ifdef __EMSCRIPTEN__
    return std::max(float(emscripten_get_device_pixel_ratio()), 1.0f);
#else
    float x = 1.0f, y = 1.0f;
    glfwGetWindowContentScale(window_, &x, &y);
    return std::max({x, y, 1.0f});
#endif
}

void Window::framebuffer_size(int& width, int& height) const {
    glfwGetFramebufferSize(window_, &width, &height);
}

void Window::swap_buffers() {
    glfwSwapBuffers(window_);
}

void Window::fit_to_page() {
#ifdef __EMSCRIPTEN__
    double css_w = 0, css_h = 0;
    if (emscripten_get_element_css_size("#canvas", &css_w, &css_h) != EMSCRIPTEN_RESULT_SUCCESS)
        return;
    // The canvas holds the display's pixels (a laptop's high-DPI screen: twice the page's CSS
    // pixels), and the UI is scaled by the same ratio (content_scale): sharp text at its size.
    // Emscripten gives the mouse in the canvas's pixels.
    const double ratio = emscripten_get_device_pixel_ratio();
    const int want_w = int(std::lround(css_w * ratio)), want_h = int(std::lround(css_h * ratio));
    int w = 0, h = 0;
    glfwGetWindowSize(window_, &w, &h);
    if (want_w != w || want_h != h) glfwSetWindowSize(window_, want_w, want_h);
#endif
}

std::string Window::gl_renderer() const {
    const GLubyte* renderer = glGetString(GL_RENDERER);
    return renderer ? reinterpret_cast<const char*>(renderer) : "unknown";
}

}  // namespace scanscope
