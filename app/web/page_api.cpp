// What the page's script (app/web/index.html) and the browser tests (tests/web) call: C functions
// kept in the wasm's exports, each a thin door into the running window.
#include <emscripten.h>

#include <string>

#include "shell/gui_app.h"

namespace {

// The text handed back stays valid until the next call (the script copies it at once).
const char* handed_back(std::string text) {
    static std::string last;
    last = std::move(text);
    return last.c_str();
}

}  // namespace

extern "C" {

// {"loaded", "lesson", "view", "frame", "frames", "playing", "presenter", "predict": {...}, ...}
EMSCRIPTEN_KEEPALIVE const char* scanscope_state() {
    return handed_back(scanscope::running_state_json());
}

// One frame's panels and texts, as a frame of the desktop's --layout-json.
EMSCRIPTEN_KEEPALIVE const char* scanscope_layout() {
    return handed_back(scanscope::running_layout_json());
}

// A file the page wrote into its file system: picked, or dropped on the page.
EMSCRIPTEN_KEEPALIVE int scanscope_open_trace(const char* path, const char* name) {
    return scanscope::open_trace_in_running(path, name) ? 1 : 0;
}

}  // extern "C"
