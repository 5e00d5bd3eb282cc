// Is a run's output right? Against a plain sequential loop on the CPU, the baseline everything is
// measured against: ints exactly, floats within the error any order of additions may make.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "variants/run_request.h"

namespace scanscope {

// The sequential loop: out[i] = out[i-1] op in[i] (or the exclusive form, or the total).
std::vector<std::uint32_t> sequential_result(const RunRequest& request,
                                             const std::vector<std::uint32_t>& input);

// Empty when right; else the first wrong element and by how much. Float sums may differ from the
// loop's by up to 2 (n - 1) 2^-24 sum |x_i| (both orders' error bounds).
std::string check_result(const RunRequest& request, const std::vector<std::uint32_t>& input,
                         const std::vector<std::uint32_t>& output);

}  // namespace scanscope
