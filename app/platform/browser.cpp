#include "platform/browser.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// The page (app/web/index.html) defines these.
EM_JS(void, page_pick_trace, (), { window.scanscopePage.pickTrace(); });
EM_JS(void, page_download, (const char* path, const char* name, const char* mime), {
    window.scanscopePage.download(UTF8ToString(path), UTF8ToString(name), UTF8ToString(mime));
});
EM_JS(void, page_keep_files, (), { window.scanscopePage.keepFiles(); });
EM_JS(void, page_first_frame, (), { window.scanscopePage.firstFrame(); });
#endif

namespace scanscope {

void ask_page_for_trace_file() {
#ifdef __EMSCRIPTEN__
    page_pick_trace();
#endif
}

void offer_download([[maybe_unused]] const std::string& path,
                    [[maybe_unused]] const std::string& name,
                    [[maybe_unused]] const std::string& mime) {
#ifdef __EMSCRIPTEN__
    page_download(path.c_str(), name.c_str(), mime.c_str());
#endif
}

void tell_page_first_frame() {
#ifdef __EMSCRIPTEN__
    page_first_frame();
#endif
}

void keep_page_files() {
#ifdef __EMSCRIPTEN__
    page_keep_files();
#endif
}

}  // namespace scanscope
