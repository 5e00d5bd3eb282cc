// Reading a plain CUDA kernel file as text (model/cuda_source.h) and its launch expressions
// (student/cuda_launch.h).
#include <gtest/gtest.h>

#include "model/cuda_source.h"
#include "student/cuda_launch.h"

namespace scanscope::test {
namespace {

const std::vector<std::string> kKernel = {
    "// scanscope: threads=n/2 shared=2*n*sizeof(float)",  // 1
    "__global__ void scan(float* out, const float* in, int n) {",
    "    __shared__ float temp[64];  // \"__syncthreads()\" in a comment is no barrier",
    "    extern __shared__ float more[];",
    "    for (int d = n / 2; d > 0; d /= 2) {  // up-sweep",  // 5
    "        __syncthreads();",
    "        for (unsigned int k = 0; k < 2; ++k)",
    "            __syncthreads();  // inner",
    "    }",
    "    __syncthreads();",  // 10
    "}",
};

TEST(CudaSource, StepsAreTheBraceAndEachBarrierWithTheLoopsAroundIt) {
    EXPECT_TRUE(is_plain_cuda(kKernel));
    EXPECT_FALSE(is_plain_cuda({"// __global__ in a comment", "struct StudentScan {};"}));
    const std::vector<CudaStepMark> marks = cuda_step_marks(kKernel);
    ASSERT_EQ(marks.size(), 4u);
    EXPECT_TRUE(marks[0].start);
    EXPECT_EQ(marks[0].line, 2);
    EXPECT_EQ(marks[1].line, 6);
    EXPECT_EQ(marks[1].vars, std::vector<std::string>{"d"});
    EXPECT_EQ(cuda_step_phase(kKernel, marks[1]), "up-sweep");  // its loop's comment
    EXPECT_EQ(marks[2].line, 8);
    EXPECT_EQ(marks[2].vars, (std::vector<std::string>{"d", "k"}));
    EXPECT_EQ(cuda_step_phase(kKernel, marks[2]), "inner");
    EXPECT_EQ(marks[3].line, 10);
    EXPECT_TRUE(marks[3].vars.empty());
    EXPECT_EQ(cuda_step_phase(kKernel, marks[3]), "line 10");
    EXPECT_EQ(cuda_shared_arrays(kKernel), (std::vector<std::string>{"temp", "more"}));
    EXPECT_EQ(cuda_kernel_name(kKernel), "scan");
    EXPECT_EQ(cuda_element_type(kKernel), "float");
    EXPECT_FALSE(cuda_is_reduction(kKernel));
}

TEST(CudaSource, TheAnnotationIsCheckedAndReadAsExpressionsInN) {
    const auto note = cuda_annotation(kKernel);
    EXPECT_EQ(note.at("threads"), "n/2");
    const CudaLaunch l = cuda_launch(kKernel, 256, 4, {});
    EXPECT_EQ(l.threads, 128);
    EXPECT_EQ(l.blocks, 1);  // the default for a kernel that never reads blockIdx
    std::vector<std::string> grid = kKernel;
    grid[5] = "        __syncthreads(); int b = blockIdx.x;";
    EXPECT_EQ(cuda_launch(grid, 256, 4, {}).blocks, 2);  // one that does: as many as n needs
    EXPECT_EQ(l.shared_bytes, 2048);
    CudaLaunchOptions o;
    o.threads = 64;
    o.blocks = "max(1, n >> 8)";
    EXPECT_EQ(cuda_launch(kKernel, 256, 4, o).blocks, 1);
    EXPECT_THROW(cuda_annotation({"// scanscope: thread=4"}), std::runtime_error);
    EXPECT_THROW(cuda_annotation({"// scanscope: threads = 4"}), std::runtime_error);
    EXPECT_EQ(launch_expression("(n + 255) / 256 * 3 % 5", 1000, 4), 2);
    EXPECT_EQ(launch_expression("2*n*sizeof(T)", 8, 4), 64);
    EXPECT_EQ(launch_expression("pow2(n) / 2", 600, 4), 512);
    EXPECT_EQ(launch_expression("pow2(1)", 600, 4), 1);
    for (const char* bad : {"n/0", "n +", "(n", "system(1)", "99999999999999", "sizeof(double)"})
        EXPECT_THROW(launch_expression(bad, 8, 4), std::runtime_error) << bad;
    o = {};
    o.blocks = "0";
    EXPECT_THROW(cuda_launch(kKernel, 8, 4, o), std::runtime_error);
}

}  // namespace
}  // namespace scanscope::test
