// Compiling a student's kernel file, with the system C++ compiler, into a shared library that a
// ScanScope child process loads (student_run.h). The compiler runs in the sandbox
// (platform/sandbox.h) on a copy of the file in the sandbox's own scratch folder, under the same
// limits as the run; the library comes back through a pipe and is kept in a build cache that the
// sandbox cannot see, keyed by a SHA-256 of the source, the compiler and the options, and checked
// against its own SHA-256 before each use. Compile errors come back located in the student's
// file, with the line they point at.
#pragma once

#include <string>
#include <vector>

#include "model/student_card.h"
#include "student/cuda_launch.h"

namespace scanscope {

// What a student's file may take, compiling and running (each).
struct StudentLimits {
    double seconds = 10;                           // the run's wall and CPU time
    unsigned long long memory_bytes = 2ull << 30;  // the sandbox's resident memory
    int time_reps = 0;  // on the GPU: also time the plain kernel, the median of this many runs
    // --no-sandbox: the compiler and the kernel run as the caller's user, outside the sandbox
    // (for machines without user namespaces; trusts the file).
    bool trusted = false;
    CudaLaunchOptions launch;  // a plain CUDA kernel's launch, from the command line
};

// A compile gets the run's --time-limit, but never less than this: a cold compiler on a busy
// machine takes a few seconds.
constexpr double kMinCompileSeconds = 20;

struct CompileError {
    std::string file;
    int line = 0, column = 0;
    std::string message;
    std::string source_line;  // the student's line it points at, when it is in their file
    bool warning = false;
    std::string hint;          // a line for the mistakes students make most, else empty
    std::string text() const;  // "my_scan.h:14:9: error: ...\n    14 | temp[x] = ...\n  ^"
};

struct StudentBuild {
    bool ok = false;
    std::string library;  // the shared library's bytes, when ok (checked against its hash)
    std::vector<CompileError> errors;
    std::vector<CompileError> warnings;  // in the student's own file, when it compiled
    std::string log;                     // the compiler's output
    std::string rewritten;  // a plain CUDA file as the front end rewrote it (for NVRTC)
};

// Where the plain CUDA front end is (scanscope-cuda-front, beside scanscope; or
// $SCANSCOPE_CUDA_FRONT). Throws std::runtime_error, saying what to install, where it is not.
std::string cuda_front_program();

// The name the file has inside the sandbox: src/ and its own file name.
std::string sandbox_source_name(const StudentSource& source);
// Where the front end's rewrite of the sandbox's src/FILE lies: gen/FILE (same file name, so that
// compiler messages about it are located in the student's file).
std::string sandbox_rewritten_name(const std::string& source_file);

// Throws std::runtime_error where there is no compiler, no kernel sources to compile against,
// or no sandbox (and the limits do not trust the file).
StudentBuild build_student_library(const StudentSource& source, const StudentLimits& limits);

// The text the student's file is compiled from: its lines as read.
std::string source_text(const StudentSource& source);

}  // namespace scanscope
