// Every CUDA call and launch is checked: a failure becomes an exception that names the call, the
// file and line, and CUDA's own explanation.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace scanscope {

class CudaError : public std::runtime_error {
  public:
    CudaError(cudaError_t code, const std::string& what) : std::runtime_error(what), code_(code) {}
    cudaError_t code() const { return code_; }

  private:
    cudaError_t code_;
};

inline void cuda_check(cudaError_t code, const char* call, const char* file, int line) {
    if (code == cudaSuccess) return;
    throw CudaError(code, std::string(call) + " failed at " + file + ":" + std::to_string(line) +
                              ": " + cudaGetErrorName(code) + " (" + cudaGetErrorString(code) +
                              ")");
}

}  // namespace scanscope

#define SS_CUDA_CHECK(call) ::scanscope::cuda_check((call), #call, __FILE__, __LINE__)
// After a <<<...>>> launch: configuration errors show at once, faults at the next sync.
#define SS_CUDA_CHECK_LAUNCH() SS_CUDA_CHECK(cudaGetLastError())
