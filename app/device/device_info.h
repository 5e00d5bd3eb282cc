// What compute device ScanScope runs on: a CUDA GPU, or the CPU emulation and why.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace scanscope {

struct GpuInfo {
    std::string name;
    int ordinal = 0;
    int sm_count = 0;
    int cc_major = 0;
    int cc_minor = 0;
    std::size_t memory_bytes = 0;
    std::string driver_release;    // e.g. "580.159.04", empty where NVML is absent
    int cuda_driver_version = 0;   // e.g. 13000 for CUDA 13.0
    int cuda_runtime_version = 0;  // the runtime this binary was built with
};

struct DeviceReport {
    bool gpu_available = false;
    GpuInfo gpu;             // valid when gpu_available
    std::string cpu_reason;  // why the CPU emulation is used, when !gpu_available
    bool built_with_cuda = false;
};

// Probes once per process and caches the answer (cheap to call again).
const DeviceReport& probe_device();

// One line for a status bar or a report header, e.g.
// "GPU: NVIDIA H100 80GB HBM3 | 132 SMs | 79.2 GiB | sm_90 | driver 580.159.04 (CUDA 13.0)" or
// "CPU emulation: no NVIDIA driver is installed (libcuda.so.1 not found)".
std::string describe(const DeviceReport& report);

// describe()'s line and shorter forms of it, longest first, for a status bar too narrow for the
// whole: "CPU emulation: no NVIDIA driver is installed", then "CPU emulation"; "GPU: NVIDIA H100
// 80GB HBM3 | sm_90", then "GPU: NVIDIA H100 80GB HBM3".
std::vector<std::string> describe_forms(const DeviceReport& report);

// "13.0" for 13000.
std::string cuda_version_string(int version);

}  // namespace scanscope
