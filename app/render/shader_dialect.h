// The canvas shaders are written once, in GLSL 3.30 core (shaders/). The browser's WebGL 2 takes
// GLSL ES 3.00, which differs from it, for these shaders, only in the version line and in
// fragment shaders' need for a default float precision.
#pragma once

#include <string>

namespace scanscope {

// `source` (GLSL 3.30 core, "#version 330 core" on its first line) in GLSL ES 3.00; it throws
// std::invalid_argument for a source without that first line.
std::string glsl_es_300(const std::string& source);

// The source as the context this build draws with takes it: as written on the desktop, in GLSL
// ES 3.00 in the browser.
std::string glsl_for_this_context(const std::string& source);

}  // namespace scanscope
