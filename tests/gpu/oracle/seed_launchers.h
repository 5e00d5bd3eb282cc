// The seeds' kernels, compiled by nvcc as printed, each launched as its own host program launches
// it: the oracle's subjects (test_gpu_sanitizer_oracle.cpp).
#pragma once

#include <string>
#include <vector>

namespace scanscope::oracle {

struct SeedLaunch {
    int grid = 1;
    int block = 1;
    unsigned shared_bytes = 0;  // dynamic shared memory
    void* in = nullptr;
    void* out = nullptr;
    int n = 0;
};

struct Seed {
    std::string file;    // in tests/data/cuda-kernels, without .cu
    std::string kernel;  // its __global__ function
    void (*launch)(const SeedLaunch&);
};

const std::vector<Seed>& seeds();

}  // namespace scanscope::oracle
