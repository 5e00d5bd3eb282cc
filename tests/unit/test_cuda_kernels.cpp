// Students' kernels written as plain CUDA (tests/data/cuda-kernels): the seeds' listings pasted as
// printed, through the scanscope binary as a student runs them. Each gets the verdict it deserves;
// the expected values are the seeds' own worked examples, not ScanScope's output.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/bits.h"
#include "model/trace_json.h"
#include "platform/data_dir.h"
#include "support/process.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

std::string listing(const std::string& name) {
    return std::string(SCANSCOPE_TEST_DATA) + "/cuda-kernels/" + name + ".cu";
}

ProcessResult scanscope(std::vector<std::string> args) {
    return run_process(scanscope_binary(), args);
}

bool has(const ProcessResult& r, const std::string& text) {
    return r.output.find(text) != std::string::npos;
}

// The 1-based line of the file that holds `text`.
int line_with(const std::string& file, const std::string& text) {
    std::ifstream in(file);
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        ++n;
        if (line.find(text) != std::string::npos) return n;
    }
    return 0;
}

std::vector<float> floats(const std::vector<std::uint32_t>& bits) {
    std::vector<float> v;
    for (std::uint32_t b : bits)
        v.push_back(from_bits<float>(b));
    return v;
}

class CudaKernels : public ::testing::Test {
  protected:
    void SetUp() override {
#if !SCANSCOPE_HAVE_CUDA_FRONT
        GTEST_SKIP() << "no clang 14 LibTooling here: scanscope-cuda-front is not built";
#endif
    }
};

const char* kHarrisInput = "3,1,7,0,4,1,6,3";

TEST_F(CudaKernels, HarrisListing1AsPrintedIsACompileErrorAtItsTypo) {
    const std::string file = listing("harris_listing1");
    const ProcessResult r = scanscope({"run", "--kernel", file, "--input", kHarrisInput});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    const int line = line_with(file, "+thid1]");
    EXPECT_TRUE(has(r, "harris_listing1.cu:" + std::to_string(line) + ":")) << r.output;
    EXPECT_TRUE(has(r, "'thid1'")) << r.output;
    EXPECT_TRUE(has(r, "^")) << r.output;
    // Once: not once for the parse and again for the compile.
    EXPECT_EQ(r.output.find("'thid1'"), r.output.rfind("'thid1'")) << r.output;
}

// With the typo fixed, Listing 1's += reads the buffer being written, which holds a value from
// two steps before: wrong, and the wrong cell names the thread and the += line.
TEST_F(CudaKernels, HarrisListing1NamesTheLineThatWroteTheWrongCell) {
    const std::string file = listing("harris_listing1_typo_fixed");
    const ProcessResult r =
        scanscope({"run", "--kernel", file, "--input", kHarrisInput, "--like", "hillis-steele"});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_TRUE(has(r, "output: wrong")) << r.output;
    const int line = line_with(file, "+= temp[pin*n+thid - offset]");
    ASSERT_GT(line, 0);
    EXPECT_TRUE(has(r, "written by thread 1 at line " + std::to_string(line))) << r.output;
}

TEST_F(CudaKernels, HarrisListing2ScansHarrisExample) {
    const std::string out = temp_file("listing2.json");
    const std::string file = listing("harris_listing2");
    const ProcessResult r =
        scanscope({"capture", "--kernel", file, "--input", kHarrisInput, "--out", out});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const Trace t = load_trace(out);
    // The paper prints 14 for the fifth sum, a misprint: 3 + 1 + 7 + 0 + 4 = 15.
    EXPECT_EQ(floats(t.output), (std::vector<float>{0, 3, 4, 11, 11, 15, 16, 22}));
    EXPECT_EQ(t.request.type, ElementType::Float32) << "the kernel's arrays are float";
    // Each __syncthreads() is a step, named by the comment on its loop and showing d.
    bool up = false, down = false;
    for (const StepLabel& l : t.labels) {
        up |=
            l.phase == "build sum in place up the tree" && l.vars == std::vector<std::string>{"d"};
        down |= l.phase == "traverse down tree & build scan";
    }
    EXPECT_TRUE(up && down);
    ASSERT_EQ(t.launches.size(), 1u);
    ASSERT_FALSE(t.launches[0].arrays.empty());
    EXPECT_EQ(t.launches[0].arrays[0].name, "temp");
}

// Listing 3's padding for 16 banks, with block A's published slip (bankOffsetB from ai): wrong
// cells and two threads writing one word. Fixed, it is right; on 32 banks, 2-way conflicts stay.
TEST_F(CudaKernels, HarrisBlocksAToEShowTheirSlip) {
    const ProcessResult slip =
        scanscope({"run", "--kernel", listing("harris_listing2_blocks_a_to_e"), "--n", "64",
                   "--like", "blelloch"});
    EXPECT_EQ(slip.exit_code, 1) << slip.output;
    EXPECT_TRUE(has(slip, "output: wrong")) << slip.output;
    EXPECT_FALSE(has(slip, "races: 0\n")) << slip.output;
    const ProcessResult fixed =
        scanscope({"run", "--kernel", listing("harris_listing2_blocks_a_to_e_fixed"), "--n", "64"});
    EXPECT_EQ(fixed.exit_code, 0) << fixed.output;
    EXPECT_TRUE(has(fixed, "output: correct")) << fixed.output;
    EXPECT_TRUE(has(fixed, "races: 0\n")) << fixed.output;
    EXPECT_TRUE(has(fixed, "(worst 2-way)")) << fixed.output;
}

// Kirk and Hwu's ping-pong: the lecture's per-stride values for [3 1 7 0 4 1 6 3].
TEST_F(CudaKernels, KirkHwuDoubleBufferedScanMatchesTheLecture) {
    const std::string out = temp_file("kirk_hwu.json");
    const ProcessResult r = scanscope({"capture", "--kernel", listing("kirk_hwu_double_buffered"),
                                       "--input", kHarrisInput, "--inclusive", "--out", out});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const Trace t = load_trace(out);
    EXPECT_EQ(floats(t.output), (std::vector<float>{3, 4, 11, 11, 15, 16, 22, 25}));
    const Launch& l = t.launches.at(0);
    ASSERT_EQ(l.arrays.size(), 2u);
    EXPECT_EQ(l.arrays[0].name, "T0");
    EXPECT_EQ(l.arrays[1].name, "T1");
    const std::uint32_t t1 = l.arrays[1].offset / 4;
    auto words = [&](int step, std::uint32_t first) {
        std::vector<float> v;
        for (std::uint32_t w = first; w < first + 8; ++w)
            v.push_back(from_bits<float>(l.steps.at(std::size_t(step)).shared.at(w)));
        return v;
    };
    EXPECT_EQ(words(1, t1), (std::vector<float>{3, 4, 8, 7, 4, 5, 7, 9}));       // stride 1, T1
    EXPECT_EQ(words(2, 0), (std::vector<float>{3, 4, 11, 11, 12, 12, 11, 14}));  // stride 2, T0
}

// The Seneca chapter's reductions, pasted with their host programs: the launch comes from the
// command line, the host code is parsed and left out, and a reduction is checked as one.
TEST_F(CudaKernels, SenecaReductionsAreCheckedAsReductions) {
    const ProcessResult shared =
        scanscope({"run", "--kernel", listing("seneca_shared_reduction"), "--n", "1024",
                   "--block-threads", "512", "--like", "reduce-interleaved-divergent"});
    EXPECT_EQ(shared.exit_code, 0) << shared.output;
    EXPECT_TRUE(has(shared, "output: correct")) << shared.output;
    EXPECT_TRUE(has(shared, "the same shared memory at every step")) << shared.output;
    const ProcessResult medium = scanscope({"run", "--kernel", listing("seneca_medium_reduction"),
                                            "--n", "1024", "--block-threads", "512"});
    EXPECT_EQ(medium.exit_code, 0) << medium.output;
    EXPECT_TRUE(has(medium, "output: correct")) << medium.output;
    // Threads leave the loop (and the kernel) while others still meet its barrier.
    const ProcessResult small =
        scanscope({"run", "--kernel", listing("seneca_small_reduction"), "--n", "8"});
    EXPECT_EQ(small.exit_code, 0) << small.output;
    EXPECT_TRUE(has(small, "output: correct")) << small.output;
}

// A barrier inside an if that half the block enters: the verdict says who waited where, and the
// trace keeps it (a file that names where each thread was).
TEST_F(CudaKernels, ADivergentBarrierNamesWhoWaitedWhere) {
    const std::string file = listing("divergent_barrier");
    const std::string out = temp_file("divergent.json");
    const ProcessResult r =
        scanscope({"capture", "--kernel", file, "--n", "32", "--inclusive", "--out", out});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    const std::string guard = std::to_string(line_with(file, "if (t < 16)"));
    const std::string inside = std::to_string(line_with(file, "only threads 0-15 wait here"));
    EXPECT_TRUE(has(r, "threads 0-15 wait at line " + inside + " (inside line " + guard +
                           "'s if); threads 16-31 wait at line " +
                           std::to_string(line_with(file, "temp[t] += v;") - 1)))
        << r.output;
    const Trace t = load_trace(out);
    ASSERT_EQ(t.launches.at(0).barrier_splits.size(), 1u);
    const BarrierSplit& s = t.launches[0].barrier_splits[0];
    EXPECT_EQ(s.lines.at(0), std::uint16_t(std::stoi(inside)));
    const std::string again = temp_file("divergent2.json");
    save_trace(t, again);
    EXPECT_EQ(load_trace(again).launches[0].barrier_splits, t.launches[0].barrier_splits);
}

// A kernel that stops with an error keeps its steps up to the error: the trace is written, marked
// as stopped, its last step the one where the read went past the input (counted by hand: the load,
// then a read and a write step for d = 1 and d = 2, then d = 4's reads).
TEST_F(CudaKernels, AKernelThatStopsKeepsItsStepsUpToTheError) {
    const std::string file = listing("reads_past_its_input");
    const std::string out = temp_file("stopped.json");
    const ProcessResult r = scanscope({"capture", "--kernel", file, "--n", "64", "--out", out});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    const std::string line = std::to_string(line_with(file, "v += in[i + 64]"));
    EXPECT_TRUE(has(r, "does not run to the end")) << r.output;
    EXPECT_TRUE(has(r, "thread 0 of block 0 indexes in[64] at line " + line)) << r.output;
    EXPECT_TRUE(has(r, "its 6 steps up to the error are kept")) << r.output;
    const Trace t = load_trace(out);
    ASSERT_EQ(t.launches.size(), 1u);
    EXPECT_NE(t.stopped().find("in[64] at line " + line), std::string::npos) << t.stopped();
    EXPECT_EQ(t.frame_count(), 6u);
    EXPECT_TRUE(t.output.empty());
    // The last step holds d = 4's reads of t[i], made before the global read that failed.
    const Step& last = t.launches[0].steps.back();
    ASSERT_FALSE(last.accesses.empty());
    EXPECT_EQ(last.accesses.front().kind, AccessKind::Read);
    const ProcessResult analyzed = scanscope({"analyze", "--trace", out});
    EXPECT_EQ(analyzed.exit_code, 0) << analyzed.output;
    EXPECT_TRUE(has(analyzed, "stopped with an error in its last step (6)")) << analyzed.output;
}

// `stride * 2` for `stride *= 2`: shown as a warning, with its line, a caret and a hint, before
// the run meets its time limit.
TEST_F(CudaKernels, WarningsAreShownWithAHint) {
    const std::string file = listing("stride_times_two");
    const ProcessResult r = scanscope({"run", "--kernel", file, "--n", "8", "--time-limit", "2"});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    const std::string line = std::to_string(line_with(file, "stride * 2)"));
    EXPECT_TRUE(has(r, "compiles, with 1 warning")) << r.output;
    EXPECT_TRUE(has(r, "stride_times_two.cu:" + line + ":")) << r.output;
    EXPECT_TRUE(has(r, "hint: ")) << r.output;
    EXPECT_TRUE(has(r, "did not finish in 2 s")) << r.output;
}

// grade over plain CUDA files: the kernel's float type is taken, a report page for each, with the
// pictures of the step where it parts from the reference.
TEST_F(CudaKernels, GradeWritesAPageForEachKernel) {
    const std::string dir = temp_file("class"), report = temp_file("report");
    std::filesystem::create_directories(dir);
    for (const char* name : {"harris_listing2_blocks_a_to_e", "harris_listing1"})
        std::filesystem::copy_file(listing(name), dir + "/" + name + ".cu");
    const ProcessResult r =
        scanscope({"grade", "--kernels", dir, "--like", "blelloch", "--n", "32,64", "--format",
                   "csv", "--report", report, "--time-limit", "5"});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_TRUE(has(r, "\"harris_listing1.cu\",0,0,0")) << r.output;
    EXPECT_TRUE(has(r, "\"harris_listing2_blocks_a_to_e.cu\",1,1,0")) << r.output;
    std::ifstream index(report + "/index.md");
    const std::string index_text((std::istreambuf_iterator<char>(index)), {});
    EXPECT_NE(index_text.find("[harris_listing1.cu](harris_listing1.md)"), std::string::npos);
    std::ifstream slip(report + "/harris_listing2_blocks_a_to_e.md");
    const std::string page((std::istreambuf_iterator<char>(slip)), {});
    EXPECT_NE(page.find("first difference at step"), std::string::npos) << page;
    const bool pictures = page.find("![yours](") != std::string::npos;
    EXPECT_TRUE(pictures || page.find("draws no pictures") != std::string::npos) << page;
    if (pictures) {
        const std::size_t at = page.find("![yours](") + 9;
        EXPECT_TRUE(
            std::filesystem::exists(report + "/" + page.substr(at, page.find(')', at) - at)));
    }
    std::ifstream typo(report + "/harris_listing1.md");
    const std::string typo_page((std::istreambuf_iterator<char>(typo)), {});
    EXPECT_NE(typo_page.find("'thid1'"), std::string::npos) << typo_page;
    EXPECT_NE(typo_page.find("^"), std::string::npos) << typo_page;
}

// atomicAdd on a shared word and on global memory: right, and no race among the atomics.
TEST_F(CudaKernels, AtomicsAddUpAndDoNotRace) {
    const ProcessResult r = scanscope(
        {"run", "--kernel", listing("atomic_reduction"), "--n", "256", "--block-threads", "64"});
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_TRUE(has(r, "output: correct")) << r.output;
    EXPECT_TRUE(has(r, "races: 0\n")) << r.output;
    EXPECT_TRUE(has(r, "bank conflicts: 0 on loads, 0 on stores")) << r.output;
}

// The plain CUDA templates (a scan, a reduction, a scan over several blocks) are right at every
// size, powers of two or not, with no warning.
TEST_F(CudaKernels, TheTemplatesAreRightAtEverySize) {
    for (const char* name : {"scan", "reduce", "multiblock_scan"})
        for (const char* n : {"1", "7", "100", "1000", "2048"}) {
            const ProcessResult r = scanscope(
                {"run", "--kernel", data_path(std::string("assets/templates/") + name + ".cu"),
                 "--n", n, "--seed", "5"});
            EXPECT_EQ(r.exit_code, 0) << name << " at " << n << ": " << r.output;
            EXPECT_TRUE(has(r, "compiles\n")) << name << " at " << n << ": " << r.output;
            EXPECT_TRUE(has(r, "output: correct")) << name << " at " << n << ": " << r.output;
        }
}

TEST_F(CudaKernels, ALaunchThatCannotBeIsAUsageError) {
    const std::string file = listing("harris_listing2");
    const std::string copy = temp_file("no_size.cu");
    {
        std::ifstream in(file);
        std::ofstream out(copy);
        for (std::string line; std::getline(in, line);)
            if (line.find("scanscope:") == std::string::npos) out << line << "\n";
    }
    const ProcessResult no_size = scanscope({"run", "--kernel", copy, "--n", "8"});
    EXPECT_EQ(no_size.exit_code, 2) << no_size.output;
    EXPECT_TRUE(has(no_size, "extern __shared__ temp[]")) << no_size.output;
    EXPECT_TRUE(has(no_size, "--shared-bytes")) << no_size.output;
    const ProcessResult bad =
        scanscope({"run", "--kernel", copy, "--n", "8", "--shared-bytes", "n*sizeof(double)"});
    EXPECT_EQ(bad.exit_code, 2) << bad.output;
    EXPECT_TRUE(has(bad, "sizeof(double)")) << bad.output;
    const ProcessResult ok = scanscope({"run", "--kernel", copy, "--input", kHarrisInput,
                                        "--block-threads", "4", "--shared-bytes", "n*4"});
    EXPECT_EQ(ok.exit_code, 0) << ok.output;
}

}  // namespace
}  // namespace scanscope::test
