// What the command line tells the windowed app. Plain data: the CLI fills it, the GUI reads it.
#pragma once

#include <string>

namespace scanscope {

struct GuiOptions {
    std::string screenshot_path;  // non-empty: render `frames` frames, write a PNG, exit
    int frames = 3;
    int width = 1600;  // window (interactive) or image (screenshot) size in pixels
    int height = 1000;
    float ui_scale = 0.0f;  // 0: follow the monitor's content scale
    std::string theme = "dark";
};

// The windowed app's entry point; returns the process exit code.
using GuiEntry = int (*)(const GuiOptions&);

}  // namespace scanscope
