// The command line as users meet it: exit codes and messages of the real binary.
#include <gtest/gtest.h>

#include "support/process.h"
#include "version.h"

namespace scanscope::test {
namespace {

TEST(CommandLine, UnknownFlagExitsTwoWithMessage) {
    ProcessResult r = run_process(scanscope_binary(), {"--frobnicate"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.output.find("--frobnicate"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("--help"), std::string::npos) << r.output;
}

TEST(CommandLine, BadValuesExitTwo) {
    for (const auto& args : std::vector<std::vector<std::string>>{{"--size", "10x10"},
                                                                  {"--size", "big"},
                                                                  {"--frames", "0"},
                                                                  {"--frames", "many"},
                                                                  {"--ui-scale", "9"},
                                                                  {"--theme", "purple"},
                                                                  {"--screenshot"}}) {
        ProcessResult r = run_process(scanscope_binary(), args);
        EXPECT_EQ(r.exit_code, 2) << args[0] << ": " << r.output;
        EXPECT_NE(r.output.find("scanscope:"), std::string::npos) << r.output;
    }
}

TEST(CommandLine, VersionAndHelpExitZero) {
    ProcessResult version = run_process(scanscope_binary(), {"--version"});
    EXPECT_EQ(version.exit_code, 0);
    EXPECT_NE(version.output.find("scanscope " SCANSCOPE_VERSION), std::string::npos)
        << version.output;

    ProcessResult help = run_process(scanscope_binary(), {"--help"});
    EXPECT_EQ(help.exit_code, 0);
    for (const char* flag : {"--screenshot", "--frames", "--size", "--ui-scale", "info"})
        EXPECT_NE(help.output.find(flag), std::string::npos) << flag;
}

TEST(CommandLine, InfoNamesTheDevice) {
    ProcessResult r = run_process(scanscope_binary(), {"info"});
    EXPECT_EQ(r.exit_code, 0);
    const bool gpu = r.output.find("GPU: ") != std::string::npos;
    const bool cpu = r.output.find("CPU emulation: ") != std::string::npos;
    EXPECT_TRUE(gpu != cpu) << r.output;
}

}  // namespace
}  // namespace scanscope::test
