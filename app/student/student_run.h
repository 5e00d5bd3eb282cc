// Capturing a student's kernel: compiled (student_build.h), then run in a child process of
// ScanScope itself with a time and a memory limit, in the CPU emulation, which records it as it
// records the built-in variants. A crash, an endless loop or an out-of-bounds access ends the
// child with a verdict; the caller (the window, grade) carries on.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/trace.h"
#include "student/student_build.h"

namespace scanscope {

struct StudentLimits {
    double seconds = 10;
    unsigned long long memory_bytes = 2ull << 30;
    int time_reps = 0;  // on the GPU: also time the plain kernel, the median of this many runs
};

struct StudentCapture {
    std::optional<Trace> trace;                // when it ran to the end
    std::vector<CompileError> compile_errors;  // when it did not compile
    std::string failure;                       // what went wrong, in a sentence, when no trace
    double gpu_ms = 0;  // the plain kernel's median time on the GPU (time_reps > 0)
};

// `request.variant` is ignored (the kernel's card names it). Throws BadRequest for a file that
// cannot be a kernel (unreadable, too long, no step marks) or a request it cannot take.
// `gpu`: compiled by NVRTC and run on the GPU (the same source), else in the emulation.
StudentCapture capture_student(const std::string& kernel_path, RunRequest request,
                               const std::vector<std::uint32_t>& input,
                               const StudentLimits& limits = {}, bool gpu = false);

// The child's side (the hidden subcommand `scanscope __student-run`): loads the library, runs
// the kernel, writes the trace. Returns the exit code: 0, or 3 with the kernel's error on stderr.
// `time_out`: where the GPU timing goes (with `time_reps` > 0).
int run_student_child(const std::string& kernel_path, const std::string& library,
                      const std::string& request_file, const std::string& trace_out, bool gpu,
                      int time_reps = 0, const std::string& time_out = {});

}  // namespace scanscope
