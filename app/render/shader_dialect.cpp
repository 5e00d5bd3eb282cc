#include "render/shader_dialect.h"

#include <stdexcept>

namespace scanscope {

std::string glsl_es_300(const std::string& source) {
    const std::string desktop = "#version 330 core\n";
    if (source.compare(0, desktop.size(), desktop) != 0)
        throw std::invalid_argument("a canvas shader must start with \"#version 330 core\"");
    // highp: world coordinates and distances in pixels need more than mediump's 10 bits.
    return "#version 300 es\nprecision highp float;\nprecision highp int;\n" +
           source.substr(desktop.size());
}

std::string glsl_for_this_context(const std::string& source) {
#ifdef __EMSCRIPTEN__
    return glsl_es_300(source);
#else
    return source;
#endif
}

}  // namespace scanscope
