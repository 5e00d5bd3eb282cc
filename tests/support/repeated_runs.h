// A variant run again and again on the emulator's same buffers, as the timing loops run it: each
// launch must find its descriptors and counters ready, as the launch before it left them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "variants/run_request.h"

namespace scanscope::test {

// "" when the output is right for the input, else what is wrong.
using OutputCheck = std::function<std::string(const std::vector<std::uint32_t>& input,
                                              const std::vector<std::uint32_t>& output)>;

// Runs `r` (int32, +) `launches` times on the same buffers, launch L on random_input(r.n, int32,
// seed + L), with the output buffer filled with -1 before each: "" when `check` passes every
// launch, else "launch L: " and its problem.
std::string check_repeated_runs(const RunRequest& r, int launches, std::uint64_t seed,
                                const OutputCheck& check);

}  // namespace scanscope::test
