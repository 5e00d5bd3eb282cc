// The line that heads a probe's output: which GPU ran it, its SMs and the driver, so that every
// record in bench/ says which card gave its figures.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "gpu/cuda_check.h"

namespace scanscope::probe {

inline std::string device_line() {
    cudaDeviceProp prop;
    SS_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    int driver = 0;
    SS_CUDA_CHECK(cudaDriverGetVersion(&driver));
    return std::string(prop.name) + ", " + std::to_string(prop.multiProcessorCount) +
           " SMs, CUDA driver " + std::to_string(driver);
}

}  // namespace scanscope::probe
