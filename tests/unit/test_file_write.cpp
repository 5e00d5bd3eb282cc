// write_file's promise: the target is the old file or the new one, never half, and what a killed
// writer leaves behind does not stay.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "platform/file_write.h"
#include "support/temp_file.h"

namespace scanscope {
namespace {

void touch(const std::string& path) {
    std::ofstream(path) << "half a trace";
}

// A PID that was a process a moment ago and is none now.
pid_t finished_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

TEST(FileWrite, ReplacesTheTargetWhole) {
    const std::string path = test::temp_file("whole.txt");
    write_file(path, "first");
    write_file(path, "second, longer");
    EXPECT_EQ(test::file_bytes(path), "second, longer");
}

// A writer killed between naming its temporary and renaming it leaves "<target>.tmp-<pid>-<n>";
// the next write to that target removes it. A temporary whose writer still runs is left alone,
// and so is anything else in the folder.
TEST(FileWrite, TheNextWriteRemovesWhatAKilledWriterLeft) {
    const std::string path = test::temp_file("left.json");
    const std::string dead = path + ".tmp-" + std::to_string(finished_pid()) + "-0";
    const std::string alive = path + ".tmp-" + std::to_string(::getppid()) + "-3";
    const std::string other = path + ".tmp-notes";
    for (const std::string& p : {dead, alive, other})
        touch(p);
    write_file(path, "{}");
    EXPECT_EQ(test::file_bytes(path), "{}");
    EXPECT_FALSE(std::filesystem::exists(dead));
    EXPECT_TRUE(std::filesystem::exists(alive));
    EXPECT_TRUE(std::filesystem::exists(other));
    for (const std::string& p : {alive, other})
        std::filesystem::remove(p);
}

TEST(FileWrite, AFolderIsRefusedByName) {
    try {
        write_file(testing::TempDir(), "x");
        FAIL() << "wrote over a folder";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("Is a directory"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace scanscope
