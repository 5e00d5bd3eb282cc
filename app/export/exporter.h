// Export for slides and handouts: the current view of a session, for a range of steps, as PNG
// images (one per step), an animated GIF, SVG files (one per step) or a PDF (one page per step).
// Every file is drawn by paint_scene from the scenes the window draws, and written whole
// (platform/file_write).
#pragma once

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "player/session.h"
#include "style/theme.h"
#include "variants/run.h"

namespace scanscope {

struct ExportOptions {
    std::string out;  // the file; its extension picks the format: .png .gif .svg .pdf
    int width = 1280, height = 720;
    double ui_scale = 1.0;    // text size, as the window's UI scale
    int first = 1, last = 0;  // steps (or look-back events), from 1; last 0: the last
    int delay_ms = 800;       // GIF: time per frame
    bool caption = false;     // the step's sentence on each frame
    // The lesson's own sentences (the window's step number -> sentence), for the caption.
    const std::map<int, std::string>* lesson_narration = nullptr;
    int max_frames = 0;  // refuse more frames than this; 0: kDefaultMaxFrames
};

// An export of more frames is refused unless --max-frames allows it: 2,255 look-back events make
// a 93 MB GIF nobody meant to ask for.
constexpr int kDefaultMaxFrames = 300;

// Thrown for a bad request (unknown extension, steps out of range): a usage error.
struct ExportError : BadRequest {
    using BadRequest::BadRequest;
};

// The files written. `progress(done, total)` after each frame; returning false cancels (nothing
// is written then). Throws ExportError, or std::runtime_error when a file cannot be written.
std::vector<std::string> export_view(Session& session, const Theme& theme,
                                     const ExportOptions& options,
                                     const std::function<bool(int, int)>& progress = {});

// "slide.png" with 3 steps from 4: slide/slide-4.png, slide/slide-5.png, slide/slide-6.png. A
// series goes into a folder of its own, which an export replaces whole or not at all.
std::string numbered_path(const std::string& path, int step, int count);

}  // namespace scanscope
