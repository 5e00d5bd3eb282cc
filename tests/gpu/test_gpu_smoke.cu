// The GPU machine's first check: the build's architectures run on the card found, and device
// memory round-trips. Skipped, never passed, where no CUDA device exists.
#include <gtest/gtest.h>

#include <vector>

#include "device/device_info.h"
#include "gpu/cuda_check.h"

namespace scanscope {
namespace {

__global__ void triple_index(int* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 3 * i;
}

class Gpu : public testing::Test {
  protected:
    void SetUp() override {
        const DeviceReport& report = probe_device();
        if (!report.gpu_available) GTEST_SKIP() << "no CUDA device: " << report.cpu_reason;
    }
};

TEST_F(Gpu, ProbeDescribesTheCard) {
    const DeviceReport& report = probe_device();
    EXPECT_FALSE(report.gpu.name.empty());
    EXPECT_GT(report.gpu.sm_count, 0);
    EXPECT_GE(report.gpu.cc_major, 7);
    EXPECT_NE(describe(report).find(report.gpu.name), std::string::npos);
}

TEST_F(Gpu, KernelBuiltForThisCardRuns) {
    const int n = 1 << 20;
    int* device = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&device, n * sizeof(int)));
    triple_index<<<(n + 255) / 256, 256>>>(device, n);
    SS_CUDA_CHECK_LAUNCH();
    std::vector<int> host(n, -1);
    SS_CUDA_CHECK(cudaMemcpy(host.data(), device, n * sizeof(int), cudaMemcpyDeviceToHost));
    SS_CUDA_CHECK(cudaFree(device));
    for (int i = 0; i < n; ++i)
        ASSERT_EQ(host[i], 3 * i) << "at " << i;
}

TEST_F(Gpu, ErrorsBecomeExceptionsWithTheCallNamed) {
    void* huge = nullptr;
    try {
        SS_CUDA_CHECK(cudaMalloc(&huge, std::size_t(1) << 62));
        FAIL() << "allocating 4 EiB succeeded";
    } catch (const CudaError& e) {
        EXPECT_NE(std::string(e.what()).find("cudaMalloc"), std::string::npos) << e.what();
        EXPECT_EQ(e.code(), cudaErrorMemoryAllocation);
    }
    cudaGetLastError();
}

}  // namespace
}  // namespace scanscope
