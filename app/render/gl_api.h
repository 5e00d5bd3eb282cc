// The OpenGL API the window draws with: OpenGL 3.3 core through the build-time GLAD loader on
// the desktop, OpenGL ES 3.0 (WebGL 2) in the browser. The calls ScanScope makes are in both.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
