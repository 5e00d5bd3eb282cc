// The typed runs, one translation unit per (element type, operator) and per launcher, generated
// by CMake from run_typed.cpp.in and run_typed.cu.in so that they build in parallel.
#pragma once

#include <cstdint>
#include <vector>

#include "core/raw_capture.h"
#include "variants/run_request.h"
#include "variants/timing.h"

namespace scanscope::detail {

// clang-format off
#define SS_DECLARE_TYPED_RUNS(T, OP)                                                                          \
    std::vector<std::uint32_t> emulate_##T##_##OP(const RunRequest&, const std::vector<std::uint32_t>&,       \
                                                  RawCapture*);                                               \
    std::vector<std::uint32_t> gpu_##T##_##OP(const RunRequest&, const std::vector<std::uint32_t>&,           \
                                              RawCapture*);                                                   \
    Timing gpu_time_##T##_##OP(const RunRequest&, const std::vector<std::uint32_t>&, const TimingPlan&,       \
                               std::vector<std::uint32_t>*);                                                  \
    double gpu_capture_ms_##T##_##OP(const RunRequest&, const std::vector<std::uint32_t>&);
// clang-format on
SS_DECLARE_TYPED_RUNS(int32, add)
SS_DECLARE_TYPED_RUNS(int32, max)
SS_DECLARE_TYPED_RUNS(float32, add)
SS_DECLARE_TYPED_RUNS(float32, max)
#undef SS_DECLARE_TYPED_RUNS

}  // namespace scanscope::detail
