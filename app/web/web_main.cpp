// The browser's entry point (scripts/web.sh): the same window as the desktop's, opened at what
// the page's address names. The page (app/web/index.html) shows what is printed to stderr.
#include <emscripten.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "platform/browser.h"
#include "shell/gui_app.h"
#include "web/url_options.h"

namespace {

// The lessons, themes and shaders are packed at /scanscope; the fonts at Debian's own paths.
constexpr const char* kDataDir = "/scanscope";

// In the display's pixels, as the canvas will hold them (Window::fit_to_page).
EM_JS(void, page_size, (int* width, int* height), {
    HEAP32[width >> 2] = Math.round(window.innerWidth * window.devicePixelRatio);
    HEAP32[height >> 2] = Math.round(window.innerHeight * window.devicePixelRatio);
});

}  // namespace

int main() {
    setenv("SCANSCOPE_DATA_DIR", kDataDir, 1);
    setenv("XDG_DATA_HOME", scanscope::kPageKeptDir, 1);  // scores, kept by the browser
    scanscope::GuiOptions options;
    page_size(&options.width, &options.height);
    const std::string query = emscripten_run_script_string("window.location.search");
    std::string error;
    if (!scanscope::options_from_query(query, options, error)) {
        std::cerr << "scanscope: " << error << "\n";
        return 2;
    }
    return scanscope::run_gui(options);
}
