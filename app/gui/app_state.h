// What the windowed app knows between frames. Views read it; the shell and controls change it.
#pragma once

#include <string>
#include <vector>

#include "device/device_info.h"

namespace scanscope {

struct Notice {
    enum class Level { Info, Warning, Error };
    Level level = Level::Info;
    std::string text;
};

struct AppState {
    const DeviceReport* device = nullptr;
    std::string gl_renderer;
    std::vector<Notice> notices;  // shown in the status line, newest last
    std::string theme_name = "dark";
    float requested_ui_scale = 1.0f;
    bool show_keyboard_help = false;
    bool show_about = false;
    bool quit = false;

    void notify(Notice::Level level, std::string text) {
        notices.push_back({level, std::move(text)});
    }
};

}  // namespace scanscope
