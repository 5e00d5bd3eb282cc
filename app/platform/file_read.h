// Reading a whole file that a person names (a kernel, a lesson, a file of values), refused before
// reading when it could never end or never fit: anything but a regular file (a FIFO waits for a
// writer forever, /dev/zero never ends) and a file larger than its kind can be.
#pragma once

#include <cstddef>
#include <string>

namespace scanscope {

// Throws std::runtime_error: "cannot open WHAT 'PATH': reason", "'PATH' is not a regular file
// (a folder, a FIFO or a device)", "'PATH' is 5000000 bytes; at most 51712 for a WHAT".
std::string read_small_file(const std::string& path, std::size_t max_bytes,
                            const std::string& what);

}  // namespace scanscope
