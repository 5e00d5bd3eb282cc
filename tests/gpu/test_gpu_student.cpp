// A student's kernel on the GPU (NVRTC) traces as it does in the emulation: the template and a
// student's copy of Blelloch's scan, integer data, every step's shared memory and accesses equal.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "device/device_info.h"
#include "model/trace_json.h"
#include "support/process.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

Trace capture_on(const std::string& kernel, const char* device, const std::string& input) {
    const std::string out = temp_file(std::string(device) + ".json");
    const ProcessResult r =
        run_process(scanscope_binary(), {"capture", "--kernel", kernel, "--device", device,
                                         "--input", input, "--inclusive", "--out", out});
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return load_trace(out);
}

TEST(GpuStudent, NvrtcTracesEqualTheEmulation) {
    if (!probe_device().gpu_available)
        GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    std::string input;
    for (int i = 0; i < 256; ++i)
        input += (i ? "," : "") + std::to_string((i * 37 + 11) % 19);
    for (const std::string& kernel :
         {std::string(SCANSCOPE_TEST_DATA) + "/../../assets/templates/student_scan.h",
          std::string(SCANSCOPE_TEST_DATA) + "/student-kernels/blelloch_copy.h"}) {
        const Trace gpu = capture_on(kernel, "gpu", input);
        const Trace cpu = capture_on(kernel, "cpu", input);
        EXPECT_EQ(gpu.source.kind, "gpu") << kernel;
        EXPECT_EQ(cpu.source.kind, "cpu-emulation") << kernel;
        EXPECT_TRUE(same_capture(gpu, cpu)) << kernel;
        EXPECT_EQ(gpu.output, cpu.output) << kernel;
    }
}

// The seeds' listings as plain CUDA: the front end's rewrite, compiled by NVRTC and run on the GPU,
// records what the emulation records, block by block (integer-valued floats add exactly).
TEST(GpuStudent, PlainCudaTracesEqualTheEmulation) {
    if (!probe_device().gpu_available)
        GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    struct Case {
        const char* file;
        int n;
        std::vector<std::string> launch;
    };
    const std::vector<Case> cases = {
        {"harris_listing1_typo_fixed", 256, {}},
        {"harris_listing2", 256, {}},
        {"harris_listing2_blocks_a_to_e_fixed", 256, {}},
        {"kirk_hwu_double_buffered", 64, {}},
        {"seneca_shared_reduction", 1024, {"--block-threads", "512"}},
        {"seneca_medium_reduction", 1024, {"--block-threads", "512"}},
    };
    for (const Case& c : cases) {
        const std::string kernel =
            std::string(SCANSCOPE_TEST_DATA) + "/cuda-kernels/" + c.file + ".cu";
        std::string input;
        for (int i = 0; i < c.n; ++i)
            input += (i ? "," : "") + std::to_string((i * 37 + 11) % 19);
        Trace traces[2];
        const char* devices[2] = {"gpu", "cpu"};
        for (int d = 0; d < 2; ++d) {
            const std::string out = temp_file(std::string(c.file) + devices[d] + ".json");
            std::vector<std::string> args = {"capture", "--kernel", kernel,  "--device", devices[d],
                                             "--input", input,      "--out", out};
            args.insert(args.end(), c.launch.begin(), c.launch.end());
            const ProcessResult r = run_process(scanscope_binary(), args);
            // Listing 1's output is wrong (exit 1), but it runs: the trace is written.
            ASSERT_TRUE(r.output.find("does not") == std::string::npos && r.exit_code <= 1)
                << c.file << " on the " << devices[d] << ": " << r.output;
            traces[d] = load_trace(out);
        }
        EXPECT_EQ(traces[0].source.kind, "gpu") << c.file;
        EXPECT_TRUE(same_capture(traces[0], traces[1])) << c.file;
        EXPECT_EQ(traces[0].output, traces[1].output) << c.file;
    }
}

// Atomics on the GPU are atomic (the order among them is the hardware's, so only the answer and
// the trace's agreement with itself are compared with the emulation's).
TEST(GpuStudent, PlainCudaAtomicsAddUp) {
    if (!probe_device().gpu_available)
        GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    const std::string kernel =
        std::string(SCANSCOPE_TEST_DATA) + "/cuda-kernels/atomic_reduction.cu";
    for (const char* device : {"gpu", "cpu"}) {
        const ProcessResult r =
            run_process(scanscope_binary(), {"run", "--kernel", kernel, "--device", device, "--n",
                                             "1024", "--block-threads", "256"});
        EXPECT_EQ(r.exit_code, 0) << device << ": " << r.output;
        EXPECT_NE(r.output.find("output: correct"), std::string::npos) << device << r.output;
        EXPECT_NE(r.output.find("races: 0\n"), std::string::npos) << device << r.output;
    }
}

// On the GPU a kernel that goes out of bounds is stopped by the hardware: a verdict, and the
// caller (this test) carries on; an endless loop meets the time limit.
TEST(GpuStudent, MistakesOnTheGpuGetVerdicts) {
    if (!probe_device().gpu_available)
        GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    const std::string dir = std::string(SCANSCOPE_TEST_DATA) + "/student-kernels/";
    for (const char* kernel : {"out_of_bounds", "shared_out_of_bounds", "crash", "endless_loop"}) {
        const ProcessResult r =
            run_process(scanscope_binary(), {"run", "--kernel", dir + kernel + ".h", "--device",
                                             "gpu", "--n", "128", "--time-limit", "5"});
        EXPECT_EQ(r.exit_code, 1) << kernel << ": " << r.output;
        EXPECT_NE(r.output.find("does not run to the end"), std::string::npos)
            << kernel << ": " << r.output;
    }
}

// grade on the GPU: a row per file, the working kernels timed beside the reference. 15 s a kernel:
// the first file's process also compiles it and starts the GPU, and with 5 s that once ran out.
TEST(GpuStudent, GradeTimesOnTheGpu) {
    if (!probe_device().gpu_available)
        GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    const ProcessResult r =
        run_process(scanscope_binary(),
                    {"grade", "--kernels", std::string(SCANSCOPE_TEST_DATA) + "/student-kernels",
                     "--like", "blelloch", "--n", "64,1024", "--device", "gpu", "--format", "json",
                     "--time-limit", "15"});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    // stderr's "grading ..." lines come first; the JSON array after them.
    const nlohmann::json rows = nlohmann::json::parse(r.output.substr(r.output.find('[')));
    bool seen = false;
    for (const auto& row : rows) {
        if (row.at("file") != "blelloch_copy.h") continue;
        seen = true;
        EXPECT_TRUE(row.at("correct").get<bool>()) << row.dump();
        EXPECT_GT(row.at("gpu_ms").get<double>(), 0.0) << row.dump();
        EXPECT_GT(row.at("reference_gpu_ms").get<double>(), 0.0) << row.dump();
    }
    EXPECT_TRUE(seen) << r.output;
}

}  // namespace
}  // namespace scanscope::test
