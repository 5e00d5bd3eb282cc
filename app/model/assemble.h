// From the raw records a capture brings back (GPU or emulation alike) to a Trace.
#pragma once

#include <cstdint>
#include <vector>

#include "core/raw_capture.h"
#include "model/trace.h"

namespace scanscope {

// Throws std::runtime_error if the records contradict each other (a capture bug).
Launch assemble_launch(const RawLaunch& raw, const VariantInfo& variant);

Trace assemble_trace(const RunRequest& request, const std::vector<std::uint32_t>& input,
                     const std::vector<std::uint32_t>& output, const RawCapture& raw,
                     TraceSource source);

}  // namespace scanscope
