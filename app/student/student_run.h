// Capturing a student's kernel: compiled (student_build.h), then run in a child process of
// ScanScope itself inside the sandbox (platform/sandbox.h), in the CPU emulation, which records it
// as it records the built-in variants. A crash, an endless loop, an out-of-bounds access or a
// limit ends the child with a verdict; the caller (the window, grade) carries on. The child's
// trace comes back through a pipe, size-capped, and is taken only when it is this kernel's: its
// variant and listing are the file that was compiled, its input and request the ones given, and
// it agrees with itself (analysis/consistency.h). What the child prints is quoted as its own.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/trace.h"
#include "student/student_build.h"

namespace scanscope {

// The largest trace a student's kernel may send back (n <= 2048: a few MiB in practice).
constexpr std::size_t kMaxStudentTraceBytes = 32u << 20;

struct StudentCapture {
    std::optional<Trace> trace;                // when it ran to the end
    std::vector<CompileError> compile_errors;  // when it did not compile
    std::vector<CompileError> warnings;        // the compilers' warnings on the file
    std::string failure;                       // what went wrong, in a sentence, when no trace
    double gpu_ms = 0;  // the plain kernel's median time on the GPU (time_reps > 0)
};

// `request.variant` is ignored (the kernel's card names it). Throws BadRequest for a file that
// cannot be a kernel (unreadable, too long, no step marks) or a request it cannot take; throws
// std::runtime_error where the sandbox cannot be made (unless `limits.trusted`).
// `gpu`: compiled by NVRTC and run on the GPU (the same source), else in the emulation.
StudentCapture capture_student(const std::string& kernel_path, RunRequest request,
                               const std::vector<std::uint32_t>& input,
                               const StudentLimits& limits = {}, bool gpu = false);

// The child's side (the hidden subcommand `scanscope __student-run`, in the sandbox): loads the
// library, runs the kernel, writes the trace (to the pipe at /dev/fd/3). Returns the exit code:
// 0, or 3 with the kernel's error on stderr.
// `time_out`: where the GPU timing goes (with `time_reps` > 0).
int run_student_child(const std::string& kernel_path, const std::string& library,
                      const std::string& request_file, const std::string& trace_out, bool gpu,
                      int time_reps = 0, const std::string& time_out = {});

}  // namespace scanscope
