// Running the scanscope binary from tests, as a user would.
#pragma once

#include <string>
#include <vector>

namespace scanscope::test {

struct ProcessResult {
    int exit_code = -1;  // -1 when it did not exit normally (signal, could not start)
    std::string output;  // stdout and stderr together
};

// Runs `program args...` with extra environment assignments ("NAME=value"), waiting at most
// `timeout_seconds`; a process still running then is killed and reported with exit_code -1.
ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::vector<std::string>& env = {}, int timeout_seconds = 120);

// Path of the scanscope binary under test (set by CMake).
std::string scanscope_binary();

}  // namespace scanscope::test
