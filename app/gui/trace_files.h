// Trace files into and out of the window: from the controls' Trace file section, and in the
// browser from the page's file picker or a file dropped on it.
#pragma once

#include <string>

#include "gui/app_state.h"

namespace scanscope {

// Loads `path` as the session's trace; a notice says what was opened or why it was refused.
// `name` is what the user knows the file as (in the browser: the name on their disk).
bool open_trace_into(AppState& state, const std::string& path, const std::string& name);

// The same, quietly where it worked (the window opening on a file of its command line): only a
// file that contradicts itself gets a notice. Throws what load_trace throws, for the command line
// to refuse the file before the window opens.
void load_trace_into(AppState& state, const std::string& path, const std::string& name);

// Loads `path` as the trace to compare with, checked as an opened trace is: true when it agrees
// with itself, else a warning notice says where it does not. Throws what load_trace throws.
bool compare_with_file(AppState& state, const std::string& path);

// Saves the session's trace to `path` (in the browser: then hands it to the user as a download).
bool save_trace_from(AppState& state, const std::string& path);

}  // namespace scanscope
