// What the command line tells the windowed app. Plain data: the CLI fills it, the GUI reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "capture/capture.h"

namespace scanscope {

struct GuiOptions {
    std::string screenshot_path;  // non-empty: render `frames` frames, write a PNG, exit
    int frames = 3;
    int width = 1600;  // window (interactive) or image (screenshot) size in pixels
    int height = 1000;
    float ui_scale = 0.0f;  // 0: follow the monitor's content scale
    std::string theme = "dark";
    std::string palette = "standard";
    bool presenter = false;      // start in presenter mode
    std::string banks = "auto";  // presenter mode's Banks drawing: auto, shown, hidden
    bool open_export = false;    // start with File > Export open (screenshots of it)
    bool predict = false;        // start in predict mode
    std::vector<int> answers;  // screenshots: answer the first questions with these choices (0: A)
    std::string scores_path;   // where predict mode keeps scores; empty: the XDG default

    // What to open: a lesson, a trace file, a student's kernel, or a capture of `run` (resolved
    // and checked by the command line: the window gets a run, not options to parse).
    std::string lesson;
    std::string lesson_file;  // a lesson file of the user's own
    std::string kernel;       // a student's kernel file (captured, then watched)
    std::string like;         // its reference variant
    bool no_sandbox = false;  // --no-sandbox: the kernel runs outside the sandbox (trusted)
    // The kernel's input where --input is not given: kernel_n random values (0: Harris's eight)
    // from kernel_seed (0: the default), and the request's type, operator and scan kind.
    int kernel_n = 0;
    std::uint64_t kernel_seed = 0;
    bool kernel_floats = false, kernel_max = false, kernel_inclusive = false;
    std::string trace_file;
    std::optional<ResolvedRun> run;
    std::string input_text;  // --input as typed (the controls show it; a kernel runs on it)
    std::string view;        // a view key; empty: the trace's own
    int step = 0;  // 1-based frame (a step, or an event in the look-back view); 0: the first
    int block = 0;
    int lookback = 0;     // 1-based: the look-back view's launch among those with one; 0: the first
    std::string compare;  // a variant to compare with
    std::string compare_trace;      // or a trace file to compare with (e.g. captured on a lab GPU)
    bool benchmark = false;         // print frame times (with --frames)
    std::string layout_json_path;   // with a screenshot: the drawn texts, as JSON
    bool layout_all_steps = false;  // ... for every step from --step on
    std::string timings;  // sizes to time at start (the Timings panel's Run), e.g. 2^10..2^14
};

// The windowed app's entry point; returns the process exit code.
using GuiEntry = int (*)(const GuiOptions&);

}  // namespace scanscope
