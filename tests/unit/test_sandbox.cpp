// The sandbox students' code runs in (platform/sandbox.h), first by itself, then as a teacher
// meets it: `scanscope grade` over a class folder that holds the hostile kernels of
// tests/data/hostile-kernels (each attack of issue 38) beside an honest one. Every attack is
// contained, every row is there with its verdict, the other files are untouched, and nothing of
// the kernels outlives the grade. Skipped, with the reason, where the sandbox cannot be made.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "platform/data_dir.h"
#include "platform/sandbox.h"
#include "support/process.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {
namespace fs = std::filesystem;

#define SKIP_WITHOUT_SANDBOX() \
    if (const std::string why = sandbox_unavailable(); !why.empty()) GTEST_SKIP() << why

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The processes anywhere on the machine whose /proc/PID/FILE (NULs read as spaces) holds `part`,
// or begins with it.
std::vector<int> processes_whose(const char* file, const std::string& part, bool at_start) {
    std::vector<int> found;
    for (const auto& e : fs::directory_iterator("/proc")) {
        const std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string text = read_file(e.path() / file);
        std::replace(text.begin(), text.end(), '\0', ' ');
        if (at_start ? text.rfind(part, 0) == 0 : has(text, part)) found.push_back(std::stoi(name));
    }
    return found;
}

// The kernels' processes, by the names (comm) they give themselves.
std::vector<int> marked_processes() {
    std::vector<int> found;
    for (const char* marker : {"ss-orphan", "ss-flood", "ss-memory"})
        for (int pid : processes_whose("comm", marker, true))
            found.push_back(pid);
    return found;
}

SandboxJob shell(const std::string& script) {
    SandboxJob job;
    job.argv = {"/bin/sh", "-c", script};
    job.limits.wall_seconds = 10;
    return job;
}

TEST(Sandbox, SeesNoFileOfTheHostButWhatItIsGiven) {
    SKIP_WITHOUT_SANDBOX();
    SandboxJob job = shell("cat /etc/passwd; ls /root /home /work; cat given.txt; touch /usr/x");
    job.files = {{"given.txt", "what the job was given"}};
    const SandboxResult r = run_sandboxed(job);
    EXPECT_TRUE(has(r.output, "what the job was given")) << r.output;
    EXPECT_TRUE(has(r.output, "/etc/passwd: No such file")) << r.output;
    EXPECT_FALSE(has(r.output, "root:x:0:0")) << r.output;
    EXPECT_TRUE(has(r.output, "Read-only file system")) << r.output;
}

TEST(Sandbox, HasNoNetworkAndNoProcessButItsOwn) {
    SKIP_WITHOUT_SANDBOX();
    // Its own PID 1 and itself (and ps's parent shell): nothing of the caller.
    const SandboxResult r =
        run_sandboxed(shell("ls /proc | grep -c '^[0-9]'; cat /proc/net/dev | grep -c ':'"));
    EXPECT_TRUE(r.ok()) << r.output;
    std::istringstream counts(r.output);
    int processes = 0, interfaces = 0;
    counts >> processes >> interfaces;
    EXPECT_LE(processes, 4) << r.output;
    EXPECT_EQ(interfaces, 1) << "only the loopback: " << r.output;
}

TEST(Sandbox, StopsAtTheWallClockAndLeavesNoProcessBehind) {
    SKIP_WITHOUT_SANDBOX();
    // A detached process (its own session, out of the job's process group) outlives a trusted
    // job, which shows the check sees it; in the sandbox it dies with the namespace.
    SandboxJob job = shell("setsid sleep 31.25 & sleep 30");
    job.limits.wall_seconds = 1;
    job.trusted = true;
    EXPECT_TRUE(run_sandboxed(job).timed_out);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const std::vector<int> escaped = processes_whose("cmdline", "sleep 31.25", false);
    EXPECT_FALSE(escaped.empty()) << "a trusted job's detached process was not seen";
    for (int pid : escaped)
        kill(pid, SIGKILL);

    job.trusted = false;
    const auto start = std::chrono::steady_clock::now();
    const SandboxResult r = run_sandboxed(job);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(r.timed_out);
    EXPECT_LT(seconds, 5);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_TRUE(processes_whose("cmdline", "sleep 31.25", false).empty());
}

TEST(Sandbox, WhatComesBackIsCapped) {
    SKIP_WITHOUT_SANDBOX();
    SandboxJob job = shell("head -c 3000000 /dev/zero >&3; echo done");
    job.returns = {1u << 20};
    const SandboxResult r = run_sandboxed(job);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.over_limit, "sent back more than 1 MiB");
    EXPECT_LE(r.returned[0].size(), 1u << 20);

    job = shell("printf 'a trace' >&3; printf 'a time' >&4");
    job.returns = {100, 100};
    const SandboxResult both = run_sandboxed(job);
    ASSERT_TRUE(both.ok()) << both.output;
    EXPECT_EQ(both.returned[0], "a trace");
    EXPECT_EQ(both.returned[1], "a time");
}

TEST(Sandbox, CountsTheTreesTasks) {
    SKIP_WITHOUT_SANDBOX();
    SandboxJob job = shell("for i in $(seq 40); do sleep 5 & done; wait");
    job.limits.tasks = 16;
    const SandboxResult r = run_sandboxed(job);
    EXPECT_EQ(r.over_limit, "started more than 16 processes and threads") << r.output;
}

TEST(Sandbox, CountsTheTreesCpuTime) {
    SKIP_WITHOUT_SANDBOX();
    // Four busy processes: each under its own CPU limit for a while, the four over the tree's.
    SandboxJob job = shell("for i in 1 2 3 4; do (while :; do :; done) & done; wait");
    job.limits.cpu_seconds = 1;
    job.limits.wall_seconds = 20;
    const auto start = std::chrono::steady_clock::now();
    const SandboxResult r = run_sandboxed(job);
    EXPECT_EQ(r.over_limit, "used more than 1 s of CPU time") << r.output;
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5);
}

TEST(Sandbox, TrustedJobsRunAsTheCallerInAScratchFolderThatGoesAway) {
    SandboxJob job = shell("cat given.txt; pwd >&3");
    job.trusted = true;
    job.files = {{"given.txt", "given"}};
    job.returns = {4096};
    const SandboxResult r = run_sandboxed(job);
    ASSERT_TRUE(r.ok()) << r.output;
    EXPECT_EQ(r.output, "given");
    std::string scratch = r.returned[0];
    while (!scratch.empty() && scratch.back() == '\n')
        scratch.pop_back();
    EXPECT_FALSE(scratch.empty());
    EXPECT_FALSE(fs::exists(scratch)) << scratch;
}

TEST(Sandbox, QuotesAJobsWordsOnOneLine) {
    EXPECT_EQ(quoted_output("first\nsecond \x1b[31mred\n"), "\"second ?[31mred\"");
    EXPECT_EQ(quoted_output(std::string(300, 'x'), 10), "\"xxxxxxxxxx...\"");
}

ProcessResult scanscope(const std::vector<std::string>& args,
                        const std::vector<std::string>& env = {}) {
    return run_process(scanscope_binary(), args, env, 600);
}

std::map<std::string, std::vector<std::string>> csv_rows(const std::string& output) {
    std::map<std::string, std::vector<std::string>> rows;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] != '"') continue;
        std::vector<std::string> fields;
        std::string field;
        bool quoted = false;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (c == '"' && quoted && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.push_back(field);
                field.clear();
            } else {
                field += c;
            }
        }
        fields.push_back(field);
        rows[fields[0]] = fields;
    }
    return rows;
}

// One listener on the kernels' port, to see whether anything reached it.
class Listener {
  public:
    Listener() {
        fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        sockaddr_in at{};
        at.sin_family = AF_INET;
        at.sin_port = htons(47613);
        at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const int yes = 1;
        setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listening_ =
            bind(fd_, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0 && listen(fd_, 16) == 0;
    }
    ~Listener() { close(fd_); }
    bool listening() const { return listening_; }
    bool reached() const { return accept(fd_, nullptr, nullptr) >= 0; }

  private:
    int fd_ = -1;
    bool listening_ = false;
};

TEST(Sandbox, AClassOfHostileKernelsIsGradedAndContained) {
    SKIP_WITHOUT_SANDBOX();
    const fs::path hostile = fs::path(SCANSCOPE_TEST_DATA) / "hostile-kernels";
    const fs::path klass = "/tmp/scanscope-hostile-class", cache = "/tmp/scanscope-hostile-cache";
    for (const fs::path& p : {klass, cache, fs::path("/tmp/scanscope-hostile-orphan")})
        fs::remove_all(p);
    fs::create_directories(klass);
    std::map<std::string, std::string> before;
    for (const auto& e : fs::directory_iterator(hostile))
        if (e.path().extension() == ".h") fs::copy_file(e.path(), klass / e.path().filename());
    fs::copy_file(fs::path(SCANSCOPE_TEST_DATA) / "student-kernels" / "blelloch_copy.h",
                  klass / "honest.h");
    for (const auto& e : fs::directory_iterator(klass))
        before[e.path().filename().string()] = read_file(e.path());
    Listener listener;

    const ProcessResult r = scanscope({"grade", "--kernels", klass.string(), "--n", "8,64",
                                       "--format", "csv", "--time-limit", "10"},
                                      {"XDG_CACHE_HOME=" + cache.string()});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const auto rows = csv_rows(r.output);
    EXPECT_EQ(rows.size(), before.size()) << r.output;  // every file has its row
    auto row = [&](const std::string& file) {
        const auto it = rows.find(file);
        return it == rows.end() ? std::vector<std::string>(12) : it->second;
    };
    // file -> compiles, runs, correct; and what the reason says.
    const std::vector<std::tuple<std::string, std::string, std::string>> expected = {
        {"honest.h", "1,1,1", ""},
        {"net_exfiltrate.h", "1,1,1", ""},
        {"signal_parent.h", "1,1,1", ""},
        {"edit_others.h", "1,1,1", ""},
        {"orphans.h", "1,1,1", ""},
        {"include_stdin.h", "1,1,1", ""},
        {"memory_tree.h", "1,0,0", "used more than 2048 MiB of memory"},
        {"forged_trace.h", "1,0,0", "sent back a trace that is not its own run"},
        {"huge_trace.h", "1,0,0", "sent back more than 32 MiB"},
        {"include_dev_zero.h", "0,0,0", "the compiler stopped"},
        {"macro_bomb.h", "0,0,0", "the compiler stopped"},
        {"include_hostname.h", "0,0,0", "/etc/hostname: No such file"},
        {"data_pointer.h", "0,0,0", "hands out no shared-memory pointer"},
    };
    for (const auto& [file, verdict, reason] : expected) {
        const std::vector<std::string> f = row(file);
        EXPECT_EQ(f[1] + "," + f[2] + "," + f[3], verdict) << file << "\n" << r.output;
        EXPECT_TRUE(has(f[11], reason)) << file << ": " << f[11];
    }
    // The flood is stopped by the count (root) or by the kernel's own task limit (anyone else).
    const std::vector<std::string> flood = row("process_flood.h");
    EXPECT_TRUE(flood[3] == "1" || has(flood[11], "started more than 64 processes")) << r.output;

    // Nothing left the sandbox: no secret, no name of the host, no connection, no edit.
    EXPECT_FALSE(has(r.output, "root:x:0:0")) << r.output;
    EXPECT_FALSE(has(r.output, "leaked")) << r.output;
    std::string hostname = read_file("/etc/hostname");
    while (!hostname.empty() && hostname.back() == '\n')
        hostname.pop_back();
    if (hostname.size() > 3) {
        EXPECT_FALSE(has(r.output, hostname));
    }
    if (listener.listening()) {
        EXPECT_FALSE(listener.reached());
    }
    for (const auto& [file, text] : before)
        EXPECT_EQ(read_file(klass / file), text) << file << " was changed";
    for (const auto& e : fs::directory_iterator(cache / "scanscope" / "builds"))
        EXPECT_GT(fs::file_size(e.path()), 0u) << e.path();
    // And nothing outlived it: the orphans would write 3 s after they were made.
    std::this_thread::sleep_for(std::chrono::seconds(4));
    EXPECT_FALSE(fs::exists(klass / "orphan.txt"));
    EXPECT_FALSE(fs::exists("/tmp/scanscope-hostile-orphan"));
    const std::vector<int> left = marked_processes();
    EXPECT_TRUE(left.empty()) << "process " << left.front() << " outlived the grade";
    fs::remove_all(klass);
    fs::remove_all(cache);
}

TEST(Sandbox, ACacheEntryThatWasTamperedWithIsBuiltAgain) {
    SKIP_WITHOUT_SANDBOX();
    const std::string cache = temp_file("cache");
    const std::vector<std::string> args = {
        "run", "--kernel", data_path("assets/templates/student_scan.h"), "--n", "64"};
    ASSERT_EQ(scanscope(args, {"XDG_CACHE_HOME=" + cache}).exit_code, 0);
    const fs::path builds = fs::path(cache) / "scanscope" / "builds";
    int truncated = 0;
    for (const auto& e : fs::directory_iterator(builds))
        if (e.path().extension() == ".so") fs::resize_file(e.path(), 10), ++truncated;
    ASSERT_EQ(truncated, 1);
    const ProcessResult again = scanscope(args, {"XDG_CACHE_HOME=" + cache});
    EXPECT_EQ(again.exit_code, 0) << again.output;
    EXPECT_TRUE(has(again.output, "output: correct")) << again.output;
    for (const auto& e : fs::directory_iterator(builds))
        if (e.path().extension() == ".so") {
            EXPECT_GT(fs::file_size(e.path()), 10u);
        }
    fs::remove_all(cache);
}

TEST(Sandbox, KernelFilesThatAreNotFilesOrTooLongAreRefusedBeforeReading) {
    const std::string fifo = temp_file("kernel-fifo.h");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const ProcessResult r = scanscope({"run", "--kernel", fifo, "--n", "8"});
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_TRUE(has(r.output, "is not a regular file")) << r.output;
    fs::remove(fifo);

    const std::string big = temp_file("big_kernel.h");
    std::ofstream(big) << std::string(1 << 20, '/');
    const ProcessResult large = scanscope({"run", "--kernel", big, "--n", "8"});
    EXPECT_EQ(large.exit_code, 2) << large.output;
    EXPECT_TRUE(has(large.output, "for a kernel file")) << large.output;
    fs::remove(big);
}

}  // namespace
}  // namespace scanscope::test

namespace scanscope::test {
namespace {

// Where the sandbox cannot be made (here: no bubblewrap on the PATH), a student's file is not run:
// grade and --kernel say why and how to allow it; --no-sandbox runs it, trusting it.
TEST(Sandbox, WithoutASandboxNoStudentFileRuns) {
    const std::string kernels = std::string(SCANSCOPE_TEST_DATA) + "/student-kernels";
    const std::vector<std::string> no_bwrap = {"PATH=/nonexistent"};
    const ProcessResult graded =
        run_process(scanscope_binary(), {"grade", "--kernels", kernels, "--n", "8"}, no_bwrap);
    EXPECT_EQ(graded.exit_code, 1) << graded.output;
    EXPECT_NE(graded.output.find("bubblewrap (bwrap) is not installed"), std::string::npos)
        << graded.output;
    EXPECT_NE(graded.output.find("--no-sandbox"), std::string::npos) << graded.output;
    EXPECT_EQ(graded.output.find("grading"), std::string::npos) << "no file was started";

    const std::string one = kernels + "/blelloch_copy.h";
    const ProcessResult refused =
        run_process(scanscope_binary(), {"run", "--kernel", one, "--n", "8"}, no_bwrap);
    EXPECT_EQ(refused.exit_code, 1) << refused.output;
    const ProcessResult trusted = run_process(
        scanscope_binary(), {"run", "--kernel", one, "--n", "8", "--no-sandbox"}, no_bwrap);
    EXPECT_EQ(trusted.exit_code, 0) << trusted.output;
    EXPECT_NE(trusted.output.find("output: correct"), std::string::npos) << trusted.output;
}

}  // namespace
}  // namespace scanscope::test
