// The oracle: the seeds' kernels as printed, compiled by nvcc and run under NVIDIA's Compute
// Sanitizer API, whose patches report every shared store with its value and every block barrier
// (oracle/). From those alone the test rebuilds each block's shared memory after each barrier and
// finds it equal, byte for byte, to the trace of ScanScope's rewrite of the same file, run on the
// GPU (`scanscope capture --device gpu`). Built only where the toolkit has the sanitizer API.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "device/device_info.h"
#include "model/trace_json.h"
#include "oracle/oracle_tool.h"
#include "oracle/seed_launchers.h"
#include "support/process.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

using oracle::SharedStore;
using oracle::StoreLog;

#define ORACLE_CUDA(call)                                                    \
    do {                                                                     \
        const cudaError_t e = (call);                                        \
        ASSERT_EQ(e, cudaSuccess) << #call << ": " << cudaGetErrorString(e); \
    } while (0)

struct DeviceFree {
    void operator()(void* p) const { cudaFree(p); }
};
using DevicePtr = std::unique_ptr<void, DeviceFree>;

DevicePtr device_alloc(std::size_t bytes) {
    void* p = nullptr;
    if (cudaMalloc(&p, bytes) != cudaSuccess) return nullptr;
    cudaMemset(p, 0, bytes);
    return DevicePtr(p);
}

// What the sanitizer reported for one run of a seed.
struct OracleRun {
    std::vector<SharedStore> stores;  // in the order the GPU logged them
    std::vector<std::uint32_t> barriers;
    std::uint32_t not_shared = 0;
};

void run_under_oracle(const oracle::Seed& seed, const Launch& launch,
                      const std::vector<std::uint32_t>& input, OracleRun& run) {
    const std::size_t count =
        std::max<std::size_t>(input.size(), std::size_t(launch.grid) * launch.block);
    DevicePtr in = device_alloc(count * 4), out = device_alloc(count * 4);
    ASSERT_TRUE(in && out);
    ORACLE_CUDA(cudaMemcpy(in.get(), input.data(), input.size() * 4, cudaMemcpyHostToDevice));

    const std::uint32_t threads = std::uint32_t(launch.grid * launch.block);
    const std::uint32_t capacity = 1u << 20;
    DevicePtr barriers = device_alloc(threads * 4);
    DevicePtr stores = device_alloc(std::size_t(capacity) * sizeof(SharedStore));
    DevicePtr log = device_alloc(sizeof(StoreLog));
    ASSERT_TRUE(barriers && stores && log);
    StoreLog host{0,
                  capacity,
                  0,
                  threads,
                  static_cast<std::uint32_t*>(barriers.get()),
                  static_cast<SharedStore*>(stores.get())};
    ORACLE_CUDA(cudaMemcpy(log.get(), &host, sizeof host, cudaMemcpyHostToDevice));

    oracle::arm(seed.kernel, static_cast<StoreLog*>(log.get()));
    seed.launch(
        {launch.grid, launch.block, launch.shared_bytes, in.get(), out.get(), int(input.size())});
    const cudaError_t launched = cudaGetLastError();
    const cudaError_t finished = cudaDeviceSynchronize();
    oracle::disarm();
    ASSERT_EQ(launched, cudaSuccess) << cudaGetErrorString(launched);
    ASSERT_EQ(finished, cudaSuccess) << cudaGetErrorString(finished);
    ASSERT_EQ(oracle::armed_launches(), 1)
        << seed.file << ": the sanitizer saw no launch of " << seed.kernel;

    ORACLE_CUDA(cudaMemcpy(&host, log.get(), sizeof host, cudaMemcpyDeviceToHost));
    ASSERT_LE(host.count, capacity) << "the store log overflowed";
    run.stores.resize(host.count);
    run.barriers.resize(threads);
    ORACLE_CUDA(cudaMemcpy(run.stores.data(), stores.get(), host.count * sizeof(SharedStore),
                           cudaMemcpyDeviceToHost));
    ORACLE_CUDA(
        cudaMemcpy(run.barriers.data(), barriers.get(), threads * 4, cudaMemcpyDeviceToHost));
    run.not_shared = host.not_shared;
}

using Bytes = std::map<std::uint32_t, std::uint8_t>;  // offset from the lowest byte written

// The trace's shared memory after step `index` of block b: its written bytes.
Bytes trace_bytes(const Step& step) {
    Bytes bytes;
    for (std::size_t w = 0; w < step.shared.size(); ++w)
        if (w < step.defined.size() && step.defined[w])
            for (int b = 0; b < 4; ++b)
                bytes[std::uint32_t(w * 4 + b)] = std::uint8_t(step.shared[w] >> (8 * b));
    return bytes;
}

Bytes rebased(const Bytes& bytes) {
    Bytes out;
    if (bytes.empty()) return out;
    const std::uint32_t base = bytes.begin()->first;
    for (const auto& [offset, value] : bytes)
        out[offset - base] = value;
    return out;
}

// The first byte where two snapshots differ, in words: "" when equal.
std::string first_difference(const Bytes& ours, const Bytes& oracle) {
    std::ostringstream s;
    for (const auto& [offset, value] : oracle) {
        const auto it = ours.find(offset);
        if (it == ours.end()) {
            s << "byte " << offset << " was stored (" << int(value)
              << ") but the trace has it unwritten";
            return s.str();
        }
        if (it->second != value) {
            s << "byte " << offset << ": trace " << int(it->second) << ", sanitizer " << int(value);
            return s.str();
        }
    }
    for (const auto& entry : ours)
        if (!oracle.count(entry.first)) {
            s << "byte " << entry.first << " is written in the trace, never stored on the GPU";
            return s.str();
        }
    return "";
}

// Block b, step by step: the sanitizer's stores of steps 0..k applied in the order logged, beside
// the trace's snapshot after step k. Both are placed from their lowest byte written: the compiler
// and the rewrite may put the arrays at different offsets. "" when every step is equal.
std::string compare_block(const Launch& launch, const OracleRun& run, int b) {
    std::uint32_t steps = 0;
    for (int t = 0; t < launch.block; ++t)
        steps = std::max(steps, run.barriers[std::size_t(b) * launch.block + t] + 1);
    std::ostringstream where;
    where << "block " << b << ": ";
    if (int(steps) != launch.steps_of(b))
        return where.str() + "the kernel passed " + std::to_string(steps - 1) +
               " barriers; the trace has " + std::to_string(launch.steps_of(b)) + " steps";
    std::uint32_t lowest = ~0u;
    for (const SharedStore& s : run.stores)
        if (int(s.block) == b) lowest = std::min(lowest, s.offset);
    const Bytes final_trace = trace_bytes(launch.steps[launch.first_step(b) + steps - 1]);
    const std::uint32_t trace_lowest = final_trace.empty() ? 0 : final_trace.begin()->first;
    Bytes oracle;
    for (std::uint32_t k = 0; k < steps; ++k) {
        for (const SharedStore& s : run.stores) {
            if (int(s.block) != b || s.step != k) continue;
            if (s.atomic) return where.str() + "an atomic, whose new value is not reported";
            for (std::uint32_t i = 0; i < s.bytes && i < 16; ++i)
                oracle[s.offset - lowest + i] = std::uint8_t(s.value[i / 4] >> (8 * (i % 4)));
        }
        Bytes ours;
        for (const auto& [offset, value] : trace_bytes(launch.steps[launch.first_step(b) + int(k)]))
            ours[offset - trace_lowest] = value;
        const std::string diff = first_difference(ours, oracle);
        if (!diff.empty()) return where.str() + "after step " + std::to_string(k) + ", " + diff;
    }
    return "";
}

struct Case {
    std::string seed;
    int n;
    std::vector<std::string> launch;
};

TEST(GpuSanitizerOracle, SeedsSharedMemoryEqualsTheRewrittensAfterEveryBarrier) {
    if (!probe_device().gpu_available)
        GTEST_SKIP() << "no CUDA device: " << probe_device().cpu_reason;
    ASSERT_EQ(oracle::tool_status(), "");
    const std::vector<Case> cases = {
        {"harris_listing1_typo_fixed", 64, {}},
        {"harris_listing2", 256, {}},
        {"harris_listing2_blocks_a_to_e_fixed", 256, {}},
        {"kirk_hwu_double_buffered", 64, {}},
        {"seneca_shared_reduction", 1024, {"--block-threads", "512"}},
    };
    for (const Case& c : cases) {
        const auto seed = std::find_if(oracle::seeds().begin(), oracle::seeds().end(),
                                       [&](const oracle::Seed& s) { return s.file == c.seed; });
        ASSERT_NE(seed, oracle::seeds().end()) << c.seed;
        std::string input;
        for (int i = 0; i < c.n; ++i)
            input += (i ? "," : "") + std::to_string((i * 37 + 11) % 19);
        const std::string kernel =
            std::string(SCANSCOPE_TEST_DATA) + "/cuda-kernels/" + c.seed + ".cu";
        const std::string out = temp_file(c.seed + "-oracle.json");
        std::vector<std::string> args = {"capture", "--kernel", kernel,  "--device", "gpu",
                                         "--input", input,      "--out", out};
        args.insert(args.end(), c.launch.begin(), c.launch.end());
        const ProcessResult r = run_process(scanscope_binary(), args);
        ASSERT_LE(r.exit_code, 1) << c.seed << ": " << r.output;
        ASSERT_TRUE(std::ifstream(out).good()) << c.seed << ": no trace. " << r.output;
        const Trace trace = load_trace(out);
        ASSERT_EQ(trace.source.kind, "gpu") << c.seed;
        ASSERT_EQ(trace.launches.size(), 1u) << c.seed;
        const Launch& launch = trace.launches[0];

        OracleRun run;
        run_under_oracle(*seed, launch, trace.input, run);
        if (HasFatalFailure()) return;
        EXPECT_EQ(run.not_shared, 0u) << c.seed;
        EXPECT_FALSE(run.stores.empty()) << c.seed << ": the sanitizer reported no shared store";
        for (int b = 0; b < launch.grid; ++b)
            EXPECT_EQ(compare_block(launch, run, b), "") << c.seed;
        // The comparison can fail: one value changed in the trace's last step is found.
        Launch changed = launch;
        Step& last = changed.steps[changed.first_step(0) + changed.steps_of(0) - 1];
        const auto word = std::find(last.defined.begin(), last.defined.end(), 1);
        ASSERT_NE(word, last.defined.end()) << c.seed;
        last.shared[std::size_t(word - last.defined.begin())] ^= 0x00400000u;
        EXPECT_NE(compare_block(changed, run, 0), "") << c.seed;
        std::cout << c.seed << ": " << run.stores.size() << " shared stores over " << launch.grid
                  << " block(s), " << launch.steps_of(0) << " steps each, equal\n";
    }
    EXPECT_EQ(oracle::patch_errors(), "");
}

}  // namespace
}  // namespace scanscope::test
