// Capturing a trace, or running without one, on the GPU or the emulation: the one entry point the
// command line and the window share.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/trace.h"
#include "variants/run.h"

namespace scanscope {

enum class DeviceChoice { Auto, Gpu, Cpu };

// A run the user asked for, checked: the request, its input, where to run it.
struct ResolvedRun {
    RunRequest request;
    std::vector<std::uint32_t> input;
    DeviceChoice device = DeviceChoice::Auto;
};

// The device a choice resolves to here; throws std::runtime_error for Gpu where there is none.
bool resolve_gpu(DeviceChoice choice);

// Throws BadRequest (a request or input this run cannot take: the message says why),
// std::runtime_error (no GPU for DeviceChoice::Gpu, a failed capture), CudaError.
Trace capture_trace(const RunRequest& request, const std::vector<std::uint32_t>& input,
                    DeviceChoice device);

// The same run without a trace; returns the output bits.
std::vector<std::uint32_t> run_plain(const RunRequest& request,
                                     const std::vector<std::uint32_t>& input, DeviceChoice device);

// "2026-11-22T13:45:00Z"
std::string utc_timestamp();

}  // namespace scanscope
