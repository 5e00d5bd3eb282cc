// A student's kernel file read as a variant's card: its listing is the file's own lines, each
// step's label comes from the barrier that ends it (b.sync(__LINE__, d, offset);  // up-sweep
// gives the phase "up-sweep" showing d and offset, lit at that line), its shared arrays are named
// as the file names them.
#pragma once

#include <string>
#include <vector>

#include "variants/registry.h"

namespace scanscope {

struct StudentSource {
    std::string path;
    std::string name;  // the file's stem: the variant is "student/NAME"
    std::vector<std::string> lines;
};

// Limits on a student file: the listing travels in the trace.
constexpr int kMaxStudentLines = 256;
constexpr int kMaxStudentLineLength = 200;
constexpr int kMaxStudentN = 2048;

// Throws std::runtime_error (unreadable, too long, a line too wide, no barrier or step mark).
StudentSource read_student_source(const std::string& path);

// The card; every `b.sync(__LINE__ ...)`, `b.sync_warp(__LINE__ ...)` and `b.at(__LINE__ ...)`
// line becomes a step label.
VariantInfo student_card(const StudentSource& source);

}  // namespace scanscope
