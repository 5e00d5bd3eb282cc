// Running a variant: in the CPU emulation (always there) or on the GPU (CUDA builds).
// Inputs and outputs are 32-bit patterns of the request's element type.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/raw_capture.h"
#include "variants/run_request.h"

namespace scanscope {

// Thrown for a request check_request() refuses.
class BadRequest : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// Throws BadRequest unless check_request() takes the request and the input holds n values.
void check_run(const RunRequest& request, const std::vector<std::uint32_t>& input);

// The runs make check_run() first, unless their caller made it already (Checked::Already).
enum class Checked { No, Already };

// With `capture`, every launch is recorded into it.
std::vector<std::uint32_t> run_emulated(const RunRequest& request,
                                        const std::vector<std::uint32_t>& input,
                                        RawCapture* capture = nullptr,
                                        Checked checked = Checked::No);

// Throws std::runtime_error when this build has no GPU code, CudaError for a CUDA failure.
std::vector<std::uint32_t> run_on_gpu(const RunRequest& request,
                                      const std::vector<std::uint32_t>& input,
                                      RawCapture* capture = nullptr, Checked checked = Checked::No);

bool gpu_code_built();

}  // namespace scanscope
