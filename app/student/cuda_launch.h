// The launch of a student's plain CUDA kernel: its block, grid and dynamic shared memory, each an
// expression in n (`threads=n/2`, `shared=2*n*sizeof(float)`), from the command line
// (--block-threads, --blocks, --shared-bytes), else the file's `// scanscope:` line, else blocks
// of n threads (at most 1024): one block, or, for a kernel that reads blockIdx, as many as n
// needs at one element a thread.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

struct CudaLaunchOptions {
    int threads = 0;  // --block-threads (0: not given)
    std::string blocks, shared_bytes;
};

struct CudaLaunch {
    int threads = 0, blocks = 0, shared_bytes = 0;
    std::string text() const;  // "2 blocks of 256 threads, 2048 bytes of dynamic shared memory"
};

// Throws std::runtime_error naming the expression that is malformed or out of range, or the
// extern __shared__ array that has no size.
CudaLaunch cuda_launch(const std::vector<std::string>& lines, int n, int element_bytes,
                       const CudaLaunchOptions& options);

// A plain CUDA kernel file's element type, "float" or "int"; "" for a file that is not plain CUDA
// (or cannot be read: that is reported where it is compiled) or whose type is not plain.
std::string cuda_kernel_type(const std::string& path);

// An expression in n: integers, n, sizeof(float|int|T), + - * / % << >> ( ), min(a, b),
// max(a, b), pow2(x) (the smallest power of two at least x). Throws std::runtime_error.
long long launch_expression(const std::string& text, int n, int element_bytes);

}  // namespace scanscope
