// scanscope list and capture as users meet them: results, files, exit codes, messages.
#include <gtest/gtest.h>

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
        {{"--variant", "blelloch", "--input", "1,2,x"}, "'x') is not an integer"},
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
}

}  // namespace
}  // namespace scanscope::test
