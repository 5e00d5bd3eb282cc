#include "gui/window.h"

#include <GLFW/glfw3.h>
#include <glad/gl.h>

#include <algorithm>

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
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, config.visible ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);  // high-DPI: size in logical pixels
    GLFWwindow* window =
        glfwCreateWindow(config.width, config.height, config.title, nullptr, nullptr);
    if (!window) {
        error = "no OpenGL 3.3 window: " +
                (g_last_glfw_error.empty() ? std::string("unknown reason") : g_last_glfw_error);
        glfwTerminate();
        return nullptr;
    }
    glfwMakeContextCurrent(window);
    if (gladLoadGL(glfwGetProcAddress) == 0) {
        error = "the OpenGL 3.3 functions could not be loaded";
        glfwDestroyWindow(window);
        glfwTerminate();
        return nullptr;
    }
    glfwSwapInterval(1);
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
    float x = 1.0f, y = 1.0f;
    glfwGetWindowContentScale(window_, &x, &y);
    return std::max({x, y, 1.0f});
}

void Window::framebuffer_size(int& width, int& height) const {
    glfwGetFramebufferSize(window_, &width, &height);
}

void Window::swap_buffers() {
    glfwSwapBuffers(window_);
}

std::string Window::gl_renderer() const {
    const GLubyte* renderer = glGetString(GL_RENDERER);
    return renderer ? reinterpret_cast<const char*>(renderer) : "unknown";
}

}  // namespace scanscope
