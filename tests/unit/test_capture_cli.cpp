// scanscope list and capture as users meet them: results, files, exit codes, messages.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "model/trace_json.h"
#include "support/process.h"
#include "support/reference.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

ProcessResult scanscope(const std::vector<std::string>& args) {
    return run_process(scanscope_binary(), args);
}

TEST(CaptureCli, ListNamesEveryVariant) {
    const ProcessResult r = scanscope({"list"});
    EXPECT_EQ(r.exit_code, 0);
    for (const VariantInfo& v : all_variants())
        EXPECT_NE(r.output.find(v.key), std::string::npos) << v.key;
}

TEST(CaptureCli, CapturesHarrisExampleToAFile) {
    const std::string out = temp_file("cli_trace.json");
    const ProcessResult r =
        scanscope({"capture", "--variant", "blelloch", "--input", "3,1,7,0,4,1,6,3", "--exclusive",
                   "--device", "cpu", "--out", out});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("output: 0 3 4 11 11 15 16 22"), std::string::npos) << r.output;
    const Trace t = load_trace(out);
    EXPECT_EQ(t.request.variant, "blelloch");
    EXPECT_EQ(as_ints(t.output), (std::vector<std::int32_t>{0, 3, 4, 11, 11, 15, 16, 22}));
    EXPECT_EQ(t.source.kind, "cpu-emulation");
}

TEST(CaptureCli, BadRequestsExitTwoWithAReason) {
    const std::string out = temp_file("never.json");
    struct Case {
        std::vector<std::string> args;
        std::string expected;
    } cases[] = {
        {{"--variant", "quicksort", "--n", "8"}, "unknown variant 'quicksort'"},
        {{"--variant", "hillis-steele", "--n", "5000"}, "at most 1024"},
        {{"--variant", "blelloch", "--n", "0"}, "--n"},
        {{"--variant", "scan-then-propagate", "--n", "100000"}, "teaching sizes"},
        {{"--variant", "blelloch", "--input", "1,2,x"}, "'x', at position 3, is not a number"},
        {{"--variant", "blelloch", "--input", "1,nan", "--type", "float"}, "NaN"},
        {{"--variant", "blelloch", "--input", "2000000000,2000000000"}, "outside int32"},
        {{"--variant", "blelloch", "--n", "9", "--input", "1,2,3"}, "the input has 3 values"},
        {{"--variant", "reduce-sequential", "--n", "9", "--inclusive"}, "is a reduction"},
        {{"--variant", "blelloch", "--n", "8", "--block-threads", "64"},
         "multi-block variants only"},
        {{"--variant", "reduce-sequential", "--n", "8", "--block-threads", "48"},
         "power-of-two block size"},
        {{"--variant", "blelloch", "--n", "8", "--banks", "24"}, "--banks"},
        {{"--variant", "blelloch"}, "give --n"},
        {{"--variant", "blelloch", "--n", "8", "--type", "double"}, "--type"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args{"capture"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        args.insert(args.end(), {"--device", "cpu", "--out", out});
        const ProcessResult r = scanscope(args);
        EXPECT_EQ(r.exit_code, 2) << c.args[1] << ": " << r.output;
        EXPECT_NE(r.output.find(c.expected), std::string::npos) << r.output;
    }
}

TEST(CaptureCli, FailuresExitOneWithAReason) {
    const std::string missing = temp_file("no-such-values.txt");
    ProcessResult r = scanscope(
        {"capture", "--variant", "blelloch", "--input-file", missing, "--out", "/tmp/x.json"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("cannot open input file"), std::string::npos) << r.output;

    r = scanscope({"capture", "--variant", "blelloch", "--n", "8", "--device", "cpu", "--out",
                   "/nonexistent/t.json"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("cannot write"), std::string::npos) << r.output;
}

TEST(CaptureCli, AskingForAGpuWhereThereIsNoneIsAClearError) {
    const ProcessResult info = scanscope({"info"});
    if (info.output.find("GPU: ") != std::string::npos) GTEST_SKIP() << "this machine has a GPU";
    const ProcessResult r = scanscope({"capture", "--variant", "blelloch", "--n", "8", "--device",
                                       "gpu", "--out", temp_file("gpu.json")});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("no GPU to run on"), std::string::npos) << r.output;
    // grade says it once, before any file, rather than once a row (issue 40).
    const ProcessResult graded =
        scanscope({"grade", "--kernels", std::string(SCANSCOPE_TEST_DATA) + "/student-kernels",
                   "--device", "gpu"});
    EXPECT_EQ(graded.exit_code, 1) << graded.output;
    const std::size_t first = graded.output.find("no GPU to run on");
    EXPECT_NE(first, std::string::npos) << graded.output;
    EXPECT_EQ(graded.output.find("no GPU to run on", first + 1), std::string::npos)
        << graded.output;
}

// What a teacher and a damaged file found (issue 11): each gets a clear message and the right
// exit code, quickly, with nothing allocated for a request that cannot run.
TEST(CaptureCli, MistakesFoundByUsersGetClearMessages) {
    const std::string values = temp_file("values-kept.txt");
    std::ofstream(values) << "3 1 7 0\n";
    struct Case {
        std::vector<std::string> args;
        int exit_code;
        std::string expected;
    } cases[] = {
        {{"capture", "--variant", "blelloch", "--input-file", values, "--out", values},
         2,
         "is the input file"},
        {{"capture", "--variant", "blelloch", "--seed", "-1", "--n", "8", "--out", "/tmp/x.json"},
         2,
         "expected a whole number"},
        {{"capture", "--variant", "blelloch", "--input", "1,,2", "--out", "/tmp/x.json"},
         2,
         "position 2 is empty"},
        {{"capture", "--variant", "decoupled-lookback", "--n", "1073741824", "--out",
          "/tmp/x.json"},
         2,
         "teaching sizes"},
        {{"bench", "--variants", "", "--sizes", "2^10"}, 2, "names no variant"},
        {{"bench", "--block-threads", "96", "--sizes", "2^10"}, 2, "powers of two"},
        {{"bench", "--variants", "reduce-unrolled-warp", "--block-threads", "32", "--sizes", "2^10",
          "--device", "cpu", "--no-cpu"},
         2,
         "was not timed"},
        {{"bench", "--variants", "reduce-sequential", "--sizes", "2^10", "--reps", "1", "--no-cpu",
          "--out", "/dev/full"},
         1,
         "No space left on device"},
        {{"analyze", "--trace", "/tmp"}, 1, "is a folder"},
    };
    for (const Case& c : cases) {
        const auto start = std::chrono::steady_clock::now();
        const ProcessResult r = scanscope(c.args);
        EXPECT_EQ(r.exit_code, c.exit_code) << c.args[0] << " " << c.args[2] << ": " << r.output;
        EXPECT_NE(r.output.find(c.expected), std::string::npos) << r.output;
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20)) << r.output;
    }
    std::ifstream kept(values);
    std::string first;
    kept >> first;
    EXPECT_EQ(first, "3") << "the input file is untouched";
}

TEST(CaptureCli, RunOutOfMemoryIsAMessage) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit this test sets";
#endif
    // Under a 3 GB address-space limit 2^30 values do not fit: a message and exit 1, no abort.
    const ProcessResult r =
        run_process("/bin/sh", {"-c",
                                "ulimit -v 3000000 && exec \"$0\" run --variant decoupled-lookback "
                                "--n 1073741824 --device cpu",
                                scanscope_binary()});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("out of memory"), std::string::npos) << r.output;
}

// analyze reports shared-memory hazards as racecheck does: the in-place race has them, between
// warps too; no other variant has any.
TEST(CaptureCli, AnalyzeReportsHazards) {
    ProcessResult r = scanscope({"analyze", "--variant", "hillis-steele-inplace", "--n", "64",
                                 "--inclusive", "--device", "cpu", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const nlohmann::json race = nlohmann::json::parse(r.output);
    EXPECT_GT(race["hazards"]["count"].get<int>(), 0);
    EXPECT_EQ(race["hazards"]["between_warps"].get<int>(), 1 + 2 + 4 + 8 + 16);
    EXPECT_EQ(race["hazards"]["first"][0]["other_warp"].get<int>(), 1);
    for (const VariantInfo& v : all_variants()) {
        if (v.expects_hazards) continue;
        r = scanscope({"analyze", "--variant", v.key, "--n", "256", "--device", "cpu"});
        EXPECT_NE(r.output.find("shared-memory hazards: 0 "), std::string::npos) << v.key;
    }
}

// A write killed at any moment leaves the old file whole or the new one whole, never half: traces
// go to an unnamed file in the same folder, named and renamed into place once whole. A kill in the
// two system calls between naming and renaming leaves the named temporary (CI's run once hit it);
// the next write to the target removes it.
TEST(CaptureCli, AKilledWriteLeavesAWholeFile) {
    const std::string path = temp_file("kept.json");
    ASSERT_EQ(scanscope({"capture", "--variant", "blelloch", "--n", "8", "--device", "cpu", "--out",
                         path})
                  .exit_code,
              0);
    const std::vector<std::string> capture = {"capture", "--variant", "decoupled-lookback",
                                              "--n",     "65536",     "--block-threads",
                                              "32",      "--device",  "cpu",
                                              "--out",   path};
    int old_seen = 0;
    for (const char* delay : {"0.3", "0.6", "0.9", "1.2", "1.5", "1.8"}) {
        // --foreground: timeout kills the capture alone and waits for it (without it, timeout kills
        // its whole process group, itself too, and returns before the capture is gone).
        std::vector<std::string> args = {"--foreground", "-s", "KILL", delay, scanscope_binary()};
        args.insert(args.end(), capture.begin(), capture.end());
        run_process("/usr/bin/timeout", args);
        const Trace t = load_trace(path);  // throws if the file is not a whole trace
        EXPECT_TRUE(t.request.n == 8 || t.request.n == 65536) << t.request.n;
        old_seen += t.request.n == 8;
    }
    EXPECT_GE(old_seen, 1) << "some kill came before the rename";
    ASSERT_EQ(scanscope(capture).exit_code, 0);
    EXPECT_EQ(load_trace(path).request.n, 65536);
    // And nothing else once a write has finished (a killed capture once left files of up to
    // 132 MB for good).
    for (const auto& entry : std::filesystem::directory_iterator(testing::TempDir()))
        EXPECT_NE(entry.path().string().rfind(path + ".", 0), 0u) << entry.path();
}

TEST(CaptureCli, ListLessonsGivesTheNamesLessonTakes) {
    const ProcessResult r = scanscope({"list", "--lessons"});
    EXPECT_EQ(r.exit_code, 0) << r.output;
    for (const char* key : {"01-harris-blelloch", "04-the-race", "08-multi-block"})
        EXPECT_NE(r.output.find(key), std::string::npos) << r.output;
}

// Steps are numbered alike everywhere: capture's count is the window's, and analyze's table
// counts up to it.
TEST(CaptureCli, StepsAreNumberedAsTheWindowNumbersThem) {
    const std::string out = temp_file("multi.json");
    ProcessResult r = scanscope({"capture", "--variant", "scan-then-propagate", "--n", "1000",
                                 "--block-threads", "64", "--device", "cpu", "--out", out});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const Trace t = load_trace(out);
    const std::string steps = std::to_string(t.frame_count()) + " steps (";
    EXPECT_NE(r.output.find(steps), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(std::to_string(t.step_count()) + " block-steps"), std::string::npos);
    r = scanscope({"analyze", "--trace", out});
    EXPECT_NE(r.output.find("step " + std::to_string(t.frame_count()) + " "), std::string::npos);
    EXPECT_EQ(r.output.find("step " + std::to_string(t.frame_count() + 1) + " "),
              std::string::npos);
}

}  // namespace
}  // namespace scanscope::test

namespace scanscope::test {
namespace {

// Out of memory is said, never an abort: a capture under `ulimit -v`, and a trace file too large
// for the memory left (refused before it is read: its document takes about eleven times its
// size). Not under AddressSanitizer, which needs more address space than any such limit.
TEST(CaptureCli, OutOfMemoryIsSaidNotAnAbort) {
#if defined(SCANSCOPE_SANITIZED)
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit";
#endif
    const std::string big = temp_file("big.json");
    const std::string capture = scanscope_binary() +
                                " capture --variant reduce-then-scan --n 65536 --block-threads 1 "
                                "--device cpu --out " +
                                big;
    const ProcessResult starved = run_process("/bin/sh", {"-c", "ulimit -v 400000; " + capture});
    EXPECT_EQ(starved.exit_code, 1) << starved.output;
    EXPECT_NE(starved.output.find("out of memory"), std::string::npos) << starved.output;

    ASSERT_EQ(run_process("/bin/sh", {"-c", capture}).exit_code, 0);
    const ProcessResult analyzed = run_process(
        "/bin/sh", {"-c", "ulimit -v 1000000; " + scanscope_binary() + " analyze --trace " + big});
    EXPECT_EQ(analyzed.exit_code, 1) << analyzed.output;
    EXPECT_NE(analyzed.output.find("MiB of memory"), std::string::npos) << analyzed.output;
    std::filesystem::remove(big);

    const std::string fifo = temp_file("trace.fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const ProcessResult from_fifo = scanscope({"analyze", "--trace", fifo});
    EXPECT_EQ(from_fifo.exit_code, 1) << from_fifo.output;
    EXPECT_NE(from_fifo.output.find("not a regular file"), std::string::npos) << from_fifo.output;
    std::filesystem::remove(fifo);
}

}  // namespace
}  // namespace scanscope::test

namespace scanscope::test {
namespace {

// Files a person names that could never end (a FIFO with no writer, /dev/zero) are refused
// before reading, with what they are: values, lessons and traces alike.
TEST(CaptureCli, FilesThatAreNotFilesAreRefusedBeforeReading) {
    const std::string fifo = temp_file("values.fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    for (const std::string& path : {fifo, std::string("/dev/zero")})
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"run", "--variant", "blelloch", "--input-file", path},
              std::vector<std::string>{"questions", "--lesson-file", path},
              std::vector<std::string>{"analyze", "--trace", path}}) {
            const ProcessResult r = run_process(scanscope_binary(), args, {}, 20);
            EXPECT_NE(r.exit_code, 0) << args[0] << " " << path;
            EXPECT_NE(r.exit_code, -1) << args[0] << " " << path << " did not finish";
            EXPECT_NE(r.output.find("not a regular file"), std::string::npos)
                << args[0] << " " << path << ": " << r.output;
        }
    std::filesystem::remove(fifo);
}

// capture fails as run does when the output is wrong (issue 40), and writes the trace all the
// same: the in-place race is there to be looked at.
TEST(CaptureCli, AWrongOutputFailsButTheTraceIsWritten) {
    const std::string out = temp_file("race.json");
    std::remove(out.c_str());
    const ProcessResult r = scanscope({"capture", "--variant", "hillis-steele-inplace", "--n", "64",
                                       "--device", "cpu", "--out", out});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("the output is wrong"), std::string::npos) << r.output;
    EXPECT_EQ(load_trace(out).request.n, 64);
    const ProcessResult right = scanscope(
        {"capture", "--variant", "blelloch", "--n", "64", "--device", "cpu", "--out", out});
    EXPECT_EQ(right.exit_code, 0) << right.output;
}

}  // namespace
}  // namespace scanscope::test
