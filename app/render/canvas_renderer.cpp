#include "render/canvas_renderer.h"

#include <cstdint>
#include <cstring>
#include <vector>

#include "render/embedded_shaders.h"
#include "render/gl_api.h"
#include "render/shader_dialect.h"

namespace scanscope {
namespace {

struct CellInstance {
    float rect[4];
    std::uint8_t fill[4];
    std::uint8_t border[4];
    float border_px;
};

struct ArrowInstance {
    float segment[4];
    std::uint8_t color[4];
    float style[2];
};

void to_bytes(const Color& c, std::uint8_t out[4]) {
    auto byte = [](float v) { return std::uint8_t(v <= 0 ? 0 : v >= 1 ? 255 : v * 255.0f + 0.5f); };
    out[0] = byte(c.r), out[1] = byte(c.g), out[2] = byte(c.b), out[3] = byte(c.a);
}

unsigned compile(unsigned type, const char* name, std::string& error) {
    const char* source = embedded_shader(name);
    if (!source) {
        error = std::string("shader ") + name + " is missing from the build";
        return 0;
    }
    const std::string text = glsl_for_this_context(source);
    const char* text_ptr = text.c_str();
    const unsigned shader = glCreateShader(type);
    glShaderSource(shader, 1, &text_ptr, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        error = std::string(name) + ": " + log;
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

unsigned link(const char* vertex, const char* fragment, std::string& error) {
    const unsigned vs = compile(GL_VERTEX_SHADER, vertex, error);
    const unsigned fs = vs ? compile(GL_FRAGMENT_SHADER, fragment, error) : 0;
    if (!vs || !fs) {
        if (vs) glDeleteShader(vs);
        return 0;
    }
    const unsigned program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[1024] = {};
        glGetProgramInfoLog(program, sizeof log, nullptr, log);
        error = std::string("linking ") + vertex + ": " + log;
        glDeleteProgram(program);
        return 0;
    }
    return program;
}

void float_attribute(unsigned index, int components, std::size_t stride, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, components, GL_FLOAT, GL_FALSE, GLsizei(stride),
                          reinterpret_cast<void*>(offset));
    glVertexAttribDivisor(index, 1);
}

void color_attribute(unsigned index, std::size_t stride, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, 4, GL_UNSIGNED_BYTE, GL_TRUE, GLsizei(stride),
                          reinterpret_cast<void*>(offset));
    glVertexAttribDivisor(index, 1);
}

void set_camera(unsigned program, const Camera& camera, int width, int height) {
    glUseProgram(program);
    glUniform2f(glGetUniformLocation(program, "origin"), camera.origin.x, camera.origin.y);
    glUniform1f(glGetUniformLocation(program, "scale"), camera.scale);
    glUniform2f(glGetUniformLocation(program, "viewport"), float(width), float(height));
}

}  // namespace

const char* embedded_shader(const std::string& name) {
    for (const EmbeddedShader& s : embedded_shaders())
        if (name == s.name) return s.source;
    return nullptr;
}

CanvasRenderer::~CanvasRenderer() {
    if (cell_program_) glDeleteProgram(cell_program_);
    if (arrow_program_) glDeleteProgram(arrow_program_);
    unsigned buffers[] = {quad_, cell_buffer_, arrow_buffer_};
    glDeleteBuffers(3, buffers);
    unsigned arrays[] = {cell_vao_, arrow_vao_};
    glDeleteVertexArrays(2, arrays);
}

bool CanvasRenderer::init(std::string& error) {
    cell_program_ = link("cells.vert", "cells.frag", error);
    arrow_program_ = cell_program_ ? link("arrows.vert", "arrows.frag", error) : 0;
    if (!cell_program_ || !arrow_program_) return false;

    const float corners[] = {0, 0, 1, 0, 0, 1, 1, 1};
    glGenBuffers(1, &quad_);
    glBindBuffer(GL_ARRAY_BUFFER, quad_);
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    glGenBuffers(1, &cell_buffer_);
    glGenBuffers(1, &arrow_buffer_);

    glGenVertexArrays(1, &cell_vao_);
    glBindVertexArray(cell_vao_);
    glBindBuffer(GL_ARRAY_BUFFER, quad_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, cell_buffer_);
    float_attribute(1, 4, sizeof(CellInstance), offsetof(CellInstance, rect));
    color_attribute(2, sizeof(CellInstance), offsetof(CellInstance, fill));
    color_attribute(3, sizeof(CellInstance), offsetof(CellInstance, border));
    float_attribute(4, 1, sizeof(CellInstance), offsetof(CellInstance, border_px));

    glGenVertexArrays(1, &arrow_vao_);
    glBindVertexArray(arrow_vao_);
    glBindBuffer(GL_ARRAY_BUFFER, quad_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, arrow_buffer_);
    float_attribute(1, 4, sizeof(ArrowInstance), offsetof(ArrowInstance, segment));
    color_attribute(2, sizeof(ArrowInstance), offsetof(ArrowInstance, color));
    float_attribute(3, 2, sizeof(ArrowInstance), offsetof(ArrowInstance, style));
    glBindVertexArray(0);
    return true;
}

void CanvasRenderer::draw(const Scene& scene, const Camera& camera, int width, int height) {
    if (!ready() || width <= 0 || height <= 0) return;
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);  // the scissor is the caller's: the part of the canvas drawn into

    std::vector<CellInstance> cells;
    cells.reserve(scene.cells.size());
    for (const SceneCell& c : scene.cells) {
        CellInstance i{};
        i.rect[0] = c.rect.x, i.rect[1] = c.rect.y, i.rect[2] = c.rect.w, i.rect[3] = c.rect.h;
        to_bytes(c.fill, i.fill);
        to_bytes(c.border, i.border);
        i.border_px = c.border_px;
        cells.push_back(i);
    }
    std::vector<ArrowInstance> arrows;
    arrows.reserve(scene.arrows.size());
    for (const SceneArrow& a : scene.arrows) {
        ArrowInstance i{};
        i.segment[0] = a.from.x, i.segment[1] = a.from.y, i.segment[2] = a.to.x,
        i.segment[3] = a.to.y;
        to_bytes(a.color, i.color);
        i.style[0] = a.width_px;
        i.style[1] = a.head ? 1.0f : 0.0f;
        arrows.push_back(i);
    }

    if (!cells.empty()) {
        set_camera(cell_program_, camera, width, height);
        glBindVertexArray(cell_vao_);
        glBindBuffer(GL_ARRAY_BUFFER, cell_buffer_);
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(cells.size() * sizeof(CellInstance)), cells.data(),
                     GL_STREAM_DRAW);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, GLsizei(cells.size()));
    }
    if (!arrows.empty()) {
        set_camera(arrow_program_, camera, width, height);
        glBindVertexArray(arrow_vao_);
        glBindBuffer(GL_ARRAY_BUFFER, arrow_buffer_);
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(arrows.size() * sizeof(ArrowInstance)),
                     arrows.data(), GL_STREAM_DRAW);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, GLsizei(arrows.size()));
    }
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace scanscope
