// The probe for builds with GPU code. Every "no GPU" outcome becomes a plain reason, never a crash:
// most classroom laptops have no NVIDIA driver at all.
#include <cuda_runtime.h>
#include <dlfcn.h>

#include <string>

#include "device/device_info.h"

namespace scanscope {
namespace {

// The driver's release string ("580.159.04") comes from NVML, part of the driver; it is loaded
// at run time so the binary has no link-time dependency on it.
std::string nvml_driver_release() {
    void* nvml = dlopen("libnvidia-ml.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!nvml) return {};
    using InitFn = int (*)();
    using VersionFn = int (*)(char*, unsigned);
    auto init = reinterpret_cast<InitFn>(dlsym(nvml, "nvmlInit_v2"));
    auto version = reinterpret_cast<VersionFn>(dlsym(nvml, "nvmlSystemGetDriverVersion"));
    auto shutdown = reinterpret_cast<InitFn>(dlsym(nvml, "nvmlShutdown"));
    std::string release;
    if (init && version && shutdown && init() == 0) {
        char text[96] = {};
        if (version(text, sizeof text) == 0) release = text;
        shutdown();
    }
    dlclose(nvml);
    return release;
}

bool driver_library_present() {
    void* cuda = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!cuda) return false;
    dlclose(cuda);
    return true;
}

std::string reason_for(cudaError_t error, int runtime_version) {
    switch (error) {
        case cudaErrorInsufficientDriver: {
            if (!driver_library_present())
                return "no NVIDIA driver is installed (libcuda.so.1 not found)";
            int driver = 0;
            cudaDriverGetVersion(&driver);
            return "the NVIDIA driver supports CUDA " + cuda_version_string(driver) +
                   ", older than this build's CUDA " + cuda_version_string(runtime_version);
        }
        case cudaErrorNoDevice:
            return "no CUDA-capable GPU was found";
        default:
            return std::string("the CUDA runtime reports ") + cudaGetErrorName(error) + " (" +
                   cudaGetErrorString(error) + ")";
    }
}

DeviceReport probe() {
    DeviceReport r;
    r.built_with_cuda = true;
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    int count = 0;
    cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess || count == 0) {
        r.cpu_reason =
            error != cudaSuccess ? reason_for(error, runtime) : "no CUDA-capable GPU was found";
        cudaGetLastError();  // clear the sticky-free error state for later calls
        return r;
    }
    cudaDeviceProp prop{};
    error = cudaGetDeviceProperties(&prop, 0);
    if (error != cudaSuccess) {
        r.cpu_reason = reason_for(error, runtime);
        cudaGetLastError();
        return r;
    }
    r.gpu_available = true;
    r.gpu.name = prop.name;
    r.gpu.ordinal = 0;
    r.gpu.sm_count = prop.multiProcessorCount;
    r.gpu.cc_major = prop.major;
    r.gpu.cc_minor = prop.minor;
    r.gpu.memory_bytes = prop.totalGlobalMem;
    r.gpu.cuda_runtime_version = runtime;
    cudaDriverGetVersion(&r.gpu.cuda_driver_version);
    r.gpu.driver_release = nvml_driver_release();
    return r;
}

}  // namespace

const DeviceReport& probe_device() {
    static const DeviceReport report = probe();
    return report;
}

}  // namespace scanscope
