// The GLSL of shaders/, compiled into the program by the build.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

struct EmbeddedShader {
    const char* name;  // e.g. "cells.vert"
    const char* source;
};

const std::vector<EmbeddedShader>& embedded_shaders();
// The source of `name`, or null.
const char* embedded_shader(const std::string& name);

}  // namespace scanscope
