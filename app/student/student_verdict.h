// What a teacher (or the student) wants to know about a kernel: does it compile, does it run to
// the end, is its output right, where does it first part from the reference variant (step, cell,
// both values), how many races, how many bank conflicts.
#pragma once

#include <optional>
#include <string>

#include "analysis/banks.h"
#include "student/student_run.h"

namespace scanscope {

struct StudentVerdict {
    std::string kernel;  // the file
    bool compiled = false;
    bool ran = false;
    std::string failure;  // why it did not compile or run
    bool correct = false;
    std::string wrong;             // the first wrong output element, when not correct
    std::string first_difference;  // "first difference at step 3 (up-sweep): temp[7] is 14, ..."
    std::size_t hazards = 0, hazards_between_warps = 0;
    // "step 3 (up-sweep): thread 3 (warp 0) reads temp[1] at line 30 while thread 2 ..."
    std::string first_hazard;
    // "one barrier met from different lines at the end of step 2: threads 0-15 wait at line 42"
    std::string barrier_split;
    ConflictTotals conflicts;
    double gpu_ms = 0, reference_ms = 0;  // on the GPU with limits.time_reps > 0: median times
    // The trace; where the kernel stopped with an error (not `ran`), its steps up to the error,
    // `stopped_steps` of them, the last where it stopped.
    std::optional<Trace> trace;
    int stopped_steps = 0;
    std::optional<Trace> reference;  // the --like variant's run on the same input
    int difference_step = -1;        // the step index of first_difference (-1: none)
    std::vector<CompileError> compile_errors;
    std::vector<CompileError> warnings;
};

// Captures `kernel` on the request's input and judges it. With `like` (a variant key), the same
// input runs through that variant and the two traces are compared step by step.
// `gpu`: the kernel runs on the GPU (NVRTC); the reference runs where the kernel does.
StudentVerdict judge_student(const std::string& kernel, const RunRequest& request,
                             const std::vector<std::uint32_t>& input, const std::string& like,
                             const StudentLimits& limits = {}, bool gpu = false);

// The first step whose shared memory differs (words both define), named with the step, the
// cell, both values and the thread and line that wrote it, and the step counts where they
// differ; where no cell differs but one has more steps, that. Empty when they agree.
// `step`, when given, gets the index of the step that differs (-1: none, or only the counts).
std::string first_difference(const Trace& mine, const Trace& reference, int* step = nullptr);

}  // namespace scanscope
