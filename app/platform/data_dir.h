// Where the app's data (assets/, shaders/) lives: $SCANSCOPE_DATA_DIR, the install prefix next to
// the executable, or the source tree it was built from.
#pragma once

#include <string>

namespace scanscope {

// The first candidate that holds both assets/ and shaders/; empty if none does.
std::string find_data_dir();

// find_data_dir() + "/" + relative, or empty when there is no data dir.
std::string data_path(const std::string& relative);

}  // namespace scanscope
