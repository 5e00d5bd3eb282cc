// A student's own kernel, through the scanscope binary as a student runs it: the template
// captures and is right; a copy of Blelloch's scan written as a student file gives the built-in's
// trace; kernels with a missing barrier, an off-by-one, an endless loop, a crash and
// out-of-bounds accesses each get their verdict, and the caller (this test) carries on.
#include <gtest/gtest.h>

#include "capture/capture.h"
#include "model/trace_json.h"
#include "platform/data_dir.h"
#include "support/process.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

std::string kernel(const std::string& name) {
    return std::string(SCANSCOPE_TEST_DATA) + "/student-kernels/" + name + ".h";
}

ProcessResult scanscope(std::vector<std::string> args) {
    return run_process(scanscope_binary(), args);
}

bool has(const ProcessResult& r, const std::string& text) {
    return r.output.find(text) != std::string::npos;
}

TEST(StudentKernels, TheTemplateCapturesAndIsRight) {
    const std::string out = temp_file("template.json");
    const ProcessResult r =
        scanscope({"capture", "--kernel", data_path("assets/templates/student_scan.h"), "--like",
                   "blelloch", "--input", "3,1,7,0,4,1,6,3", "--out", out});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_TRUE(has(r, "output: correct")) << r.output;
    EXPECT_TRUE(has(r, "the same shared memory at every step")) << r.output;
    const Trace t = load_trace(out);
    EXPECT_EQ(t.request.variant, "student/student_scan");
    EXPECT_EQ(t.output, (std::vector<std::uint32_t>{0, 3, 4, 11, 11, 15, 16, 22}));  // Harris
    // The listing is the file; the lit lines are its barriers, named by their comments.
    ASSERT_FALSE(t.labels.empty());
    bool up_sweep = false;
    for (const StepLabel& l : t.labels) {
        up_sweep |= l.phase == "up-sweep" && l.vars == std::vector<std::string>{"d", "offset"};
        ASSERT_LE(l.id, t.listing.size());
        EXPECT_NE(t.listing[l.id - 1].text.find("__LINE__"), std::string::npos);
    }
    EXPECT_TRUE(up_sweep);
}

// Step for step, the same shared memory, values and accesses as the built-in blelloch (only the
// line numbers differ: the student's file has its own).
TEST(StudentKernels, ACopyOfBlellochTracesAsTheBuiltInDoes) {
    const std::string out = temp_file("copy.json");
    const std::vector<std::uint32_t> input = {5, 2, 9, 1, 1, 7, 3, 8, 4, 4, 6, 0, 2, 9, 3, 3,
                                              1, 8, 2, 7, 5, 5, 0, 6, 9, 1, 4, 2, 8, 3, 7, 6,
                                              2, 2, 5, 1, 9, 0, 3, 4, 6, 8, 1, 7, 2, 5, 9, 3,
                                              4, 6, 0, 8, 3, 1, 7, 2, 5, 9, 6, 4, 1, 0, 8, 2};
    std::string list;
    for (std::uint32_t v : input)
        list += (list.empty() ? "" : ",") + std::to_string(v);
    ASSERT_EQ(scanscope({"capture", "--kernel", kernel("blelloch_copy"), "--input", list,
                         "--inclusive", "--out", out})
                  .exit_code,
              0);
    const Trace mine = load_trace(out);
    RunRequest r;
    r.variant = "blelloch";
    r.n = int(input.size());
    r.inclusive = true;
    const Trace built_in = capture_trace(r, input, DeviceChoice::Cpu);
    EXPECT_EQ(mine.output, built_in.output);
    ASSERT_EQ(mine.launches.size(), 1u);
    const Launch& a = mine.launches[0];
    const Launch& b = built_in.launches[0];
    ASSERT_EQ(a.steps.size(), b.steps.size());
    for (std::size_t s = 0; s < a.steps.size(); ++s) {
        EXPECT_EQ(a.steps[s].shared, b.steps[s].shared) << "step " << s;
        EXPECT_EQ(a.steps[s].defined, b.steps[s].defined) << "step " << s;
        EXPECT_EQ(a.steps[s].vars, b.steps[s].vars) << "step " << s;
        ASSERT_EQ(a.steps[s].accesses.size(), b.steps[s].accesses.size()) << "step " << s;
        for (std::size_t k = 0; k < a.steps[s].accesses.size(); ++k) {
            WarpAccess x = a.steps[s].accesses[k], y = b.steps[s].accesses[k];
            x.line = y.line = 0;
            EXPECT_EQ(x, y) << "step " << s << " access " << k;
        }
    }
}

struct Verdict {
    const char* kernel;
    int exit_code;
    std::vector<std::string> says;
};

TEST(StudentKernels, EachMistakeGetsItsVerdict) {
    const std::vector<Verdict> cases = {
        {"missing_barrier", 0, {"output: correct", "first difference at step 1", "races: "}},
        {"off_by_one", 1, {"output: wrong", "first difference at step"}},
        {"endless_loop", 1, {"does not run to the end: did not finish in 2 s"}},
        // A segmentation fault (under AddressSanitizer, which catches it, an abort).
        {"crash", 1, {"does not run to the end: crashed: "}},
        {"out_of_bounds", 1, {"thread 31 writes out[64], outside [0, 64)"}},
        {"shared_out_of_bounds", 1, {"shared-memory index 64 outside [0, 64)", "thread 31"}},
        {"compile_error", 1, {"does not compile", "compile_error.h:", "rigth", "^"}},
        {"divergent_barrier",
         1,
         {"output: wrong", "races: ", "barrier: one barrier met from different lines",
          "thread 0 waits at line 43 (inside line 43's if); threads 1-31 wait at line 48"}},
    };
    for (const Verdict& c : cases) {
        const ProcessResult r = scanscope({"run", "--kernel", kernel(c.kernel), "--like",
                                           "blelloch", "--n", "64", "--time-limit", "2"});
        EXPECT_EQ(r.exit_code, c.exit_code) << c.kernel << ": " << r.output;
        for (const std::string& text : c.says)
            EXPECT_TRUE(has(r, text)) << c.kernel << " should say '" << text << "': " << r.output;
    }
    // The missing barrier races between warps once the block has two.
    const ProcessResult two_warps = scanscope(
        {"run", "--kernel", kernel("missing_barrier"), "--n", "128", "--time-limit", "5"});
    EXPECT_TRUE(has(two_warps, "races: ")) << two_warps.output;
    EXPECT_FALSE(has(two_warps, "races: 0\n")) << two_warps.output;
}

// The verdict and `analyze` count the same hazards, between warps too (the verdict once counted
// only those among the first listed: "960 (0 of those listed between warps)" against 509).
// The block interface's out-of-bounds store happens in the last step (the store, after Blelloch's
// 1 + 6 + 1 + 6 steps at n = 64): the trace keeps all 15, the last marked as where it stopped.
TEST(StudentKernels, AKernelThatStopsIsSteppedThroughUpToTheError) {
    const std::string out = temp_file("stopped.json");
    const ProcessResult r =
        scanscope({"capture", "--kernel", kernel("out_of_bounds"), "--n", "64", "--out", out});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_TRUE(has(r, "its 15 steps up to the error are kept")) << r.output;
    const Trace t = load_trace(out);
    EXPECT_NE(t.stopped().find("thread 31 writes out[64], outside [0, 64)"), std::string::npos)
        << t.stopped();
    EXPECT_EQ(t.frame_count(), 15u);
}

TEST(StudentKernels, TheVerdictAndAnalyzeCountTheSameRaces) {
    const std::string out = temp_file("races.json");
    const ProcessResult captured =
        scanscope({"capture", "--kernel", kernel("missing_barrier"), "--n", "512", "--out", out});
    EXPECT_EQ(captured.exit_code, 1) << "a wrong output fails, as run does\n" << captured.output;
    const ProcessResult analyzed = scanscope({"analyze", "--trace", out});
    const std::size_t at = captured.output.find("races: ");
    ASSERT_NE(at, std::string::npos) << captured.output;
    // "races: 459 (127 between warps); the first, at step 1 ...": the counts, as analyze gives
    // them.
    const std::string races =
        captured.output.substr(at + 7, captured.output.find(';', at) - at - 7);
    EXPECT_NE(races.find("between warps"), std::string::npos) << races;
    EXPECT_NE(races.rfind("0 (", 0), 0u) << races;
    EXPECT_TRUE(has(analyzed, "shared-memory hazards: " + races)) << races << "\n"
                                                                  << analyzed.output;
}

TEST(StudentKernels, GradeGivesEveryFileItsRow) {
    const ProcessResult r =
        scanscope({"grade", "--kernels", std::string(SCANSCOPE_TEST_DATA) + "/student-kernels",
                   "--like", "blelloch", "--n", "8,64", "--format", "csv", "--time-limit", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    for (const char* row :
         {"\"blelloch_copy.h\",1,1,1,\"8 64\",\"\",0", "\"compile_error.h\",0,0,0",
          "\"crash.h\",1,0,0", "\"endless_loop.h\",1,0,0", "\"off_by_one.h\",1,1,0",
          "\"out_of_bounds.h\",1,0,0"})
        EXPECT_TRUE(has(r, row)) << row << "\n" << r.output;
}

TEST(StudentKernels, BadRequestsAreUsageErrors) {
    EXPECT_EQ(scanscope({"run", "--kernel", kernel("blelloch_copy"), "--n", "4096"}).exit_code, 2);
    EXPECT_EQ(scanscope({"run", "--kernel", "/nonexistent.h", "--n", "8"}).exit_code, 2);
    EXPECT_EQ(
        scanscope({"run", "--kernel", kernel("blelloch_copy"), "--variant", "blelloch", "--n", "8"})
            .exit_code,
        2);
}

}  // namespace
}  // namespace scanscope::test
