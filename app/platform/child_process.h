// Running a program as a child process with limits: what untrusted code (a student's kernel) runs
// in, so that a crash, an endless loop or a runaway allocation ends the child, never the caller.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

struct ChildLimits {
    double wall_seconds = 10;             // killed (SIGKILL) after this long
    unsigned long long memory_bytes = 0;  // RLIMIT_AS; 0: none
};

struct ChildResult {
    int exit_code = -1;  // when it exited
    int signal = 0;      // when a signal ended it
    bool timed_out = false;
    std::string output;  // stdout and stderr together (the first MiB)
    // "exit code 3", "crashed: Segmentation fault", "did not finish in 10 s"
    std::string describe(double wall_seconds) const;
};

// Throws std::runtime_error when the child cannot be started.
ChildResult run_child(const std::vector<std::string>& argv, const ChildLimits& limits);

// The running program's own executable (/proc/self/exe).
std::string self_executable();

}  // namespace scanscope
