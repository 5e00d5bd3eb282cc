#include <gtest/gtest.h>

#include "device/device_info.h"

namespace scanscope {
namespace {

TEST(DeviceInfo, CudaVersionStrings) {
    EXPECT_EQ(cuda_version_string(13000), "13.0");
    EXPECT_EQ(cuda_version_string(12080), "12.8");
    EXPECT_EQ(cuda_version_string(11040), "11.4");
}

TEST(DeviceInfo, DescribesAGpu) {
    DeviceReport r;
    r.gpu_available = true;
    r.gpu.name = "NVIDIA H100 80GB HBM3";
    r.gpu.sm_count = 132;
    r.gpu.cc_major = 9;
    r.gpu.memory_bytes = 85520809984ull;
    r.gpu.driver_release = "580.159.04";
    r.gpu.cuda_driver_version = 13000;
    EXPECT_EQ(
        describe(r),
        "GPU: NVIDIA H100 80GB HBM3 | 132 SMs | 79.6 GiB | sm_90 | driver 580.159.04 (CUDA 13.0)");
}

TEST(DeviceInfo, DescribesTheCpuFallbackWithItsReason) {
    DeviceReport r;
    r.cpu_reason = "no NVIDIA driver is installed (libcuda.so.1 not found)";
    EXPECT_EQ(describe(r), "CPU emulation: no NVIDIA driver is installed (libcuda.so.1 not found)");
}

// A status bar too narrow for the whole line says less, never half a word.
TEST(DeviceInfo, ShorterFormsForANarrowStatusLine) {
    DeviceReport cpu;
    cpu.cpu_reason = "no NVIDIA driver is installed (libcuda.so.1 not found)";
    EXPECT_EQ(describe_forms(cpu),
              (std::vector<std::string>{
                  "CPU emulation: no NVIDIA driver is installed (libcuda.so.1 not found)",
                  "CPU emulation: no NVIDIA driver is installed", "CPU emulation"}));
    cpu.cpu_reason = "a web page cannot reach a GPU's CUDA (the desktop app can)";
    EXPECT_EQ(describe_forms(cpu).back(), "CPU emulation");
    cpu.cpu_reason = "no CUDA device";
    EXPECT_EQ(describe_forms(cpu),
              (std::vector<std::string>{"CPU emulation: no CUDA device", "CPU emulation"}));

    DeviceReport gpu;
    gpu.gpu_available = true;
    gpu.gpu.name = "NVIDIA H200";
    gpu.gpu.sm_count = 132;
    gpu.gpu.cc_major = 9;
    gpu.gpu.cuda_driver_version = 12080;
    const std::vector<std::string> forms = describe_forms(gpu);
    EXPECT_EQ(forms, (std::vector<std::string>{describe(gpu), "GPU: NVIDIA H200 | sm_90",
                                               "GPU: NVIDIA H200"}));
}

TEST(DeviceInfo, ProbeGivesAReasonWheneverThereIsNoGpu) {
    const DeviceReport& r = probe_device();
    if (r.gpu_available) {
        EXPECT_FALSE(r.gpu.name.empty());
        EXPECT_GT(r.gpu.sm_count, 0);
        EXPECT_GT(r.gpu.memory_bytes, 0u);
    } else {
        EXPECT_FALSE(r.cpu_reason.empty());
    }
}

}  // namespace
}  // namespace scanscope
