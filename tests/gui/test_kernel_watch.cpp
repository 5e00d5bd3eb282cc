// The window's "Your kernel": saving the file captures it again (a student edits in their editor
// and watches the picture follow), and a kernel that stops compiling keeps its errors in view.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "gui/capture_jobs.h"
#include "support/process.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

std::string read(const std::string& path) {
    std::ifstream f(path);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

void finish(AppState& state) {
    while (state.capturing() && !collect_job(state))
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

TEST(KernelWatch, SavingTheFileCapturesItAgain) {
    setenv("SCANSCOPE_STUDENT_RUNNER", scanscope_binary().c_str(), 1);  // not this test program
    const std::string dir = std::string(SCANSCOPE_TEST_DATA) + "/student-kernels/";
    const std::string path = temp_file("watched.h");
    std::filesystem::copy_file(dir + "blelloch_copy.h", path,
                               std::filesystem::copy_options::overwrite_existing);
    AppState state;
    state.kernel.path = path;
    state.kernel.seen = std::filesystem::last_write_time(path).time_since_epoch().count();
    start_job(state, job_from_kernel(state), "your kernel");
    finish(state);
    ASSERT_TRUE(state.session.loaded()) << state.kernel.errors;
    EXPECT_NE(state.kernel.verdict.find("output correct"), std::string::npos)
        << state.kernel.verdict;

    // Unchanged: nothing happens.
    watch_kernel(state, 1.0);
    EXPECT_FALSE(state.capturing());

    // The student breaks it and saves: captured again, the errors kept, the old picture stays.
    std::string text = read(dir + "compile_error.h");
    std::ofstream(path) << text;
    std::filesystem::last_write_time(
        path, std::filesystem::last_write_time(path) + std::chrono::seconds(2));
    watch_kernel(state, 1.0);
    EXPECT_TRUE(state.capturing());
    finish(state);
    EXPECT_NE(state.kernel.errors.find("watched.h:"), std::string::npos) << state.kernel.errors;
    EXPECT_NE(state.kernel.errors.find("rigth"), std::string::npos);
    EXPECT_TRUE(state.session.loaded());

    // Fixed and saved: the new trace, no errors.
    std::ofstream(path) << read(dir + "off_by_one.h");
    std::filesystem::last_write_time(
        path, std::filesystem::last_write_time(path) + std::chrono::seconds(4));
    watch_kernel(state, 1.0);
    finish(state);
    EXPECT_TRUE(state.kernel.errors.empty()) << state.kernel.errors;
    EXPECT_NE(state.kernel.verdict.find("output wrong"), std::string::npos) << state.kernel.verdict;
    EXPECT_EQ(state.session.trace().request.variant,
              "student/" + std::filesystem::path(path).stem().string());
}

}  // namespace
}  // namespace scanscope::test
