// What differs when ScanScope runs as a page (the browser build): files come from the user's
// disk through the page and go back to it as downloads. On the desktop these do nothing.
#pragma once

#include <string>

namespace scanscope {

constexpr bool kInBrowser =
#ifdef __EMSCRIPTEN__
    true;
#else
    false;
#endif

// Opens the page's file picker; the chosen trace file is opened when the user picks it
// (app/web/index.html writes it into the page's file system and calls scanscope_open_trace).
void ask_page_for_trace_file();

// Hands the page's file at `path` to the user as a download named `name`.
void offer_download(const std::string& path, const std::string& name, const std::string& mime);

// The folder the page keeps between visits (the browser's IndexedDB, mounted by the page): predict
// mode's scores live there. XDG_DATA_HOME points into it in the browser.
constexpr const char* kPageKeptDir = "/scanscope-kept";

// Tells the page the window has drawn its first frame (window.scanscope.firstFrameMs: its time).
void tell_page_first_frame();

// Writes what changed under kPageKeptDir to the browser's storage (after saving scores).
void keep_page_files();

}  // namespace scanscope
