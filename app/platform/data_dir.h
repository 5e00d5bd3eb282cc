// Where the app's data (assets/, shaders/) lives: $SCANSCOPE_DATA_DIR, the install prefix next to
// the executable, or the source tree it was built from.
#pragma once

#include <string>

namespace scanscope {

// The first candidate that holds both assets/ and shaders/; empty if none does.
std::string find_data_dir();

// find_data_dir() + "/" + relative, or empty when there is no data dir.
std::string data_path(const std::string& relative);

// The running program's own executable (/proc/self/exe); throws std::runtime_error.
std::string self_executable();

// $XDG_CACHE_HOME/scanscope/SUB (else ~/.cache/scanscope/SUB), made if missing, the user's alone
// (0700); empty where it cannot be made.
std::string user_cache_dir(const std::string& sub);

}  // namespace scanscope
