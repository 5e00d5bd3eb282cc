// Writing a whole file so that a crash or a full disk never leaves half of it: the bytes go to an
// unnamed temporary file in the same folder (O_TMPFILE; a named one where the file system has
// none), which is flushed, named and at once renamed over the target (every step checked). A
// process killed while writing leaves nothing behind, unless the kill falls between naming and
// renaming: the next write to the same target removes such a leftover once its writer is gone.
// Targets that are not regular files (/dev/stdout, a pipe) are written in place, still checked.
#pragma once

#include <string>
#include <string_view>

namespace scanscope {

// Throws std::runtime_error naming the file and the system's reason.
void write_file(const std::string& path, std::string_view contents);

// True when a and b name the same existing file (so writing one would overwrite the other).
bool same_file(const std::string& a, const std::string& b);

}  // namespace scanscope
