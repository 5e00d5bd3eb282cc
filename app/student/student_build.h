// Compiling a student's kernel file, with the system C++ compiler, into a shared library that a
// ScanScope child process loads (student_run.h). Compile errors come back located in the
// student's file, with the line they point at.
#pragma once

#include <string>
#include <vector>

#include "student/student_card.h"

namespace scanscope {

struct CompileError {
    std::string file;
    int line = 0, column = 0;
    std::string message;
    std::string source_line;   // the student's line it points at, when it is in their file
    std::string text() const;  // "my_scan.h:14:9: error: ...\n    14 | temp[x] = ..."
};

struct StudentBuild {
    bool ok = false;
    std::string library;  // the .so, when ok
    std::vector<CompileError> errors;
    std::string log;  // the compiler's whole output
};

// Throws std::runtime_error where there is no compiler or no kernel sources to compile against.
StudentBuild build_student_library(const StudentSource& source);

}  // namespace scanscope
