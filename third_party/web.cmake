# The browser build's libraries (scripts/web.sh). Emscripten's compiler must not see the host's
# /usr/include, so the header-only packages are reached through a folder of links to theirs, and
# Dear ImGui is compiled from Debian's own source package (apt-get source imgui, unpacked by
# scripts/web.sh into SCANSCOPE_IMGUI_SOURCE) at the version the desktop build links. GLFW and
# OpenGL ES 3 (WebGL 2) are Emscripten's own.

set(SCANSCOPE_IMGUI_SOURCE "" CACHE PATH "Debian's imgui source package, unpacked (scripts/web.sh)")
if(NOT EXISTS "${SCANSCOPE_IMGUI_SOURCE}/imgui.cpp")
    message(FATAL_ERROR "SCANSCOPE_IMGUI_SOURCE='${SCANSCOPE_IMGUI_SOURCE}' holds no imgui.cpp: "
                        "build the page with scripts/web.sh, which fetches it (apt-get source imgui)")
endif()

# Links to the Debian packages' header folders: nlohmann-json3-dev and libstb-dev.
set(host_headers ${CMAKE_CURRENT_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${host_headers})
foreach(dir nlohmann stb)
    if(NOT EXISTS /usr/include/${dir})
        message(FATAL_ERROR "/usr/include/${dir} is missing: scripts/setup.sh installs it")
    endif()
    file(CREATE_LINK /usr/include/${dir} ${host_headers}/${dir} SYMBOLIC)
endforeach()

add_library(scanscope_json INTERFACE)
target_include_directories(scanscope_json SYSTEM INTERFACE ${host_headers})

add_library(scanscope_stb INTERFACE)
target_include_directories(scanscope_stb SYSTEM INTERFACE ${host_headers} ${host_headers}/stb)

# ImGui as Debian builds it: stb_truetype and stb_rect_pack from libstb-dev, not ImGui's copies.
add_library(scanscope_imgui STATIC
    ${SCANSCOPE_IMGUI_SOURCE}/imgui.cpp
    ${SCANSCOPE_IMGUI_SOURCE}/imgui_draw.cpp
    ${SCANSCOPE_IMGUI_SOURCE}/imgui_tables.cpp
    ${SCANSCOPE_IMGUI_SOURCE}/imgui_widgets.cpp
    ${SCANSCOPE_IMGUI_SOURCE}/backends/imgui_impl_glfw.cpp
    ${SCANSCOPE_IMGUI_SOURCE}/backends/imgui_impl_opengl3.cpp
    ${SCANSCOPE_IMGUI_SOURCE}/misc/cpp/imgui_stdlib.cpp
    web_stb.cpp)
# Debian's libimgui-dev puts misc/cpp's imgui_stdlib.h beside imgui.h.
target_include_directories(scanscope_imgui SYSTEM PUBLIC ${SCANSCOPE_IMGUI_SOURCE}
                                                         ${SCANSCOPE_IMGUI_SOURCE}/misc/cpp)
target_compile_definitions(scanscope_imgui PUBLIC
    IMGUI_DISABLE_STB_RECT_PACK_IMPLEMENTATION
    "IMGUI_STB_RECT_PACK_FILENAME=<stb/stb_rect_pack.h>"
    IMGUI_DISABLE_STB_TRUETYPE_IMPLEMENTATION
    "IMGUI_STB_TRUETYPE_FILENAME=<stb/stb_truetype.h>")
target_link_libraries(scanscope_imgui PUBLIC scanscope_stb)
# As on the desktop: GLFW includes no GL header of its own (render/gl_api.h chooses).
target_compile_definitions(scanscope_imgui PUBLIC GLFW_INCLUDE_NONE)
target_link_options(scanscope_imgui PUBLIC -sUSE_GLFW=3 -sMAX_WEBGL_VERSION=2
                                           -sMIN_WEBGL_VERSION=2)
