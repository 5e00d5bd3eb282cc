// The front end for a student's plain CUDA file: clang 14 (LibTooling) parses it as CUDA, with
// ScanScope's declarations of the keywords, intrinsics and runtime API instead of a CUDA
// installation, and rewrites it, line for line, into a kernel the emulation and NVRTC both compile
// against kernels/student/cuda_shim.h:
//
//   __global__ void scan(float* out, const float* in, int n) {
//   template <class SsBlock> __device__ void scan(SsBlock& ss_b,
//       ::scanscope::cuda::GlobalOf<float, SsBlock> out, ... in, int n) { ss_b.at(__LINE__);
//
// - every __shared__ array becomes a view whose accesses are recorded with their source line;
// - __device__ helpers take the context too, and each call to them passes it;
// - each __syncthreads() written in the file shows the variables of the loops around it;
// - host code (main, the launch) and #include lines are blanked: ScanScope launches the kernel;
// - a `Kernel` struct that binds the parameters (output, input, n, scratch) is appended.
//
// Runs as its own program (scanscope-cuda-front) inside the sandbox, like the compiler.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

struct CudaRewriteError {
    int line = 0, column = 0;
    std::string message;
};

struct CudaRewrite {
    std::string text;  // the rewritten file (when errors is empty)
    std::vector<CudaRewriteError> errors;
    std::vector<CudaRewriteError> warnings;  // clang's, in the kernel's code
};

// `path` names the file in messages and in clang's view; `kernels` is ScanScope's kernels/
// folder (the prelude and the stub headers); `resource_dir`, clang's own headers.
CudaRewrite rewrite_cuda(const std::string& path, const std::string& text,
                         const std::string& kernels, const std::string& resource_dir);

}  // namespace scanscope
