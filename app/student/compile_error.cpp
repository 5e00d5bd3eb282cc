// A compiler's message as compilers print it; also in the browser build, which shows the errors
// of a kernel compiled elsewhere.
#include <algorithm>
#include <filesystem>

#include "student/student_build.h"

namespace scanscope {

std::string CompileError::text() const {
    // As compilers print it, with the file's name (the path is the student's own).
    std::string t = std::filesystem::path(file).filename().string() +
                    (line > 0 ? ":" + std::to_string(line) + ":" + std::to_string(column) : "") +
                    (warning ? ": warning: " : ": error: ") + message;
    if (!source_line.empty()) {
        const std::string number = std::to_string(line);
        t += "\n    " + number + " | " + source_line + "\n    " + std::string(number.size(), ' ') +
             " | " + std::string(std::size_t(std::max(column - 1, 0)), ' ') + "^";
    }
    if (!hint.empty()) t += "\n    hint: " + hint;
    return t;
}

}  // namespace scanscope
