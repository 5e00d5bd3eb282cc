#include "platform/sandbox.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "platform/seccomp_filter.h"

namespace scanscope {
namespace fs = std::filesystem;
namespace {

constexpr const char* kScratch = "/scratch";
constexpr int kFirstReturnFd = 3;

[[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error(what + ": " + std::strerror(errno));
}

std::string mib(unsigned long long bytes) {
    return std::to_string(bytes >> 20) + " MiB";
}

std::string find_in_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
    for (std::size_t start = 0; start <= dirs.size();) {
        const std::size_t end = std::min(dirs.find(':', start), dirs.size());
        const std::string candidate = dirs.substr(start, end - start) + "/" + name;
        if (access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return {};
}

// A pipe whose ends close on exec; the child end is moved into place before the exec.
struct Pipe {
    int read = -1, write = -1;
    Pipe() {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) fail("pipe");
        read = fds[0], write = fds[1];
    }
};

int memfd_with(const std::string& name, const std::string& contents) {
    const int fd = memfd_create(name.c_str(), MFD_CLOEXEC);
    if (fd < 0) fail("memfd_create");
    for (std::size_t done = 0; done < contents.size();) {
        const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close(fd);
            fail("memfd write");
        }
        done += std::size_t(n);
    }
    lseek(fd, 0, SEEK_SET);
    return fd;
}

// The caller's variables a job gets: the sanitizers' settings (a sanitized build's tests: how it
// reports, nothing it reads), and for the GPU where the driver and the toolkit are.
std::vector<std::pair<std::string, std::string>> passed_through(bool gpu) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const char* name : {"ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "LD_LIBRARY_PATH",
                             "CUDA_VISIBLE_DEVICES", "CUDA_HOME"}) {
        const bool for_gpu = std::string(name).find("SAN_") == std::string::npos;
        if (const char* v = std::getenv(name); v && (gpu || !for_gpu)) out.push_back({name, v});
    }
    return out;
}

// What bubblewrap is told: the root's read-only /usr (with Debian's /bin, /lib ... links into
// it), the loader's and the compiler alternatives' files from /etc, fresh /proc and /dev, the
// scratch folder and /tmp in memory, the job's own read-only paths and files.
std::vector<std::string> bwrap_arguments(const SandboxJob& job, int info_fd, int seccomp_fd,
                                         const std::vector<int>& file_fds) {
    const SandboxLimits& l = job.limits;
    std::vector<std::string> a = {"--unshare-all",
                                  "--unshare-user",
                                  "--disable-userns",
                                  "--die-with-parent",
                                  "--new-session",
                                  "--cap-drop",
                                  "ALL",
                                  "--hostname",
                                  "sandbox",
                                  "--clearenv",
                                  "--setenv",
                                  "PATH",
                                  "/usr/local/bin:/usr/bin:/bin",
                                  "--setenv",
                                  "HOME",
                                  kScratch,
                                  "--setenv",
                                  "TMPDIR",
                                  "/tmp",
                                  "--ro-bind",
                                  "/usr",
                                  "/usr"};
    for (const char* top : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
        std::error_code ec;
        if (fs::is_symlink(top, ec))
            a.insert(a.end(), {"--symlink", fs::read_symlink(top, ec).string(), top});
        else if (fs::is_directory(top, ec))
            a.insert(a.end(), {"--ro-bind", top, top});
    }
    for (const char* etc :
         {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives"})
        a.insert(a.end(), {"--ro-bind-try", etc, etc});
    a.insert(a.end(), {"--proc", "/proc", "--dev", "/dev"});
    const std::string size = std::to_string(l.scratch_bytes);
    a.insert(a.end(), {"--size", size, "--tmpfs", "/tmp", "--size", size, "--tmpfs", kScratch});
    for (const std::string& path : job.read_only)
        a.insert(a.end(), {"--ro-bind", path, path});
    if (job.gpu) {
        a.insert(a.end(), {"--ro-bind", "/sys", "/sys"});
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator("/dev", ec))
            if (entry.path().filename().string().rfind("nvidia", 0) == 0)
                a.insert(a.end(), {"--dev-bind", entry.path().string(), entry.path().string()});
        if (fs::exists("/usr/local/nvidia", ec))
            a.insert(a.end(), {"--ro-bind", "/usr/local/nvidia", "/usr/local/nvidia"});
    }
    for (std::size_t i = 0; i < job.files.size(); ++i)
        a.insert(a.end(),
                 {"--perms", job.files[i].executable ? "0555" : "0444", "--ro-bind-data",
                  std::to_string(file_fds[i]), std::string(kScratch) + "/" + job.files[i].path});
    for (const auto& [name, value] : passed_through(job.gpu))
        a.insert(a.end(), {"--setenv", name, value});
    for (const std::string& kv : job.env) {
        const std::size_t eq = kv.find('=');
        a.insert(a.end(), {"--setenv", kv.substr(0, eq), kv.substr(eq + 1)});
    }
    a.insert(a.end(), {"--chdir", kScratch, "--info-fd", std::to_string(info_fd), "--seccomp",
                       std::to_string(seccomp_fd), "--"});
    // Inside its own user namespace the sandbox's task count is the kernel's to hold (for a
    // caller who is not root: root's tasks are never counted). Set there, not before: the
    // namespace's creator's limit also caps every task of the user, everywhere.
    a.insert(a.end(), {"/usr/bin/prlimit", "--nproc=" + std::to_string(l.tasks), "--"});
    return a;
}

// Tasks, resident memory and CPU time of every process in a PID namespace (by its inode); the
// CPU time counts the children each has waited for, so that a tree of short processes adds up.
struct TreeUse {
    long tasks = 0;
    unsigned long long resident = 0;
    double cpu_seconds = 0;
};

TreeUse tree_use(dev_t ns_dev, ino_t ns_ino) {
    TreeUse use;
    DIR* proc = opendir("/proc");
    if (!proc) return use;
    static const long page = sysconf(_SC_PAGESIZE);
    static const double ticks = double(sysconf(_SC_CLK_TCK));
    while (dirent* e = readdir(proc)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        const std::string dir = std::string("/proc/") + e->d_name;
        struct stat ns {};
        if (stat((dir + "/ns/pid").c_str(), &ns) != 0 || ns.st_ino != ns_ino || ns.st_dev != ns_dev)
            continue;
        std::ifstream stat_file(dir + "/stat");
        std::string line;
        std::getline(stat_file, line);
        const std::size_t close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(line.substr(close + 2));
        std::string field;
        long threads = 1;
        unsigned long long rss = 0, cpu_ticks = 0;
        // Fields from the state (3rd): utime, stime, cutime and cstime are the 14th to 17th,
        // num_threads the 20th, rss the 24th.
        for (int k = 3; fields >> field && k <= 24; ++k) {
            if (k >= 14 && k <= 17) cpu_ticks += std::strtoull(field.c_str(), nullptr, 10);
            if (k == 20) threads = std::atol(field.c_str());
            if (k == 24) rss = std::strtoull(field.c_str(), nullptr, 10);
        }
        use.tasks += threads;
        use.resident += rss * static_cast<unsigned long long>(page);
        use.cpu_seconds += double(cpu_ticks) / ticks;
    }
    closedir(proc);
    return use;
}

void set_limit(int resource, rlim_t soft, rlim_t hard) {
    const rlimit limit{soft, hard};
    setrlimit(resource, &limit);
}

std::string temp_scratch() {
    std::string dir = (fs::temp_directory_path() / "scanscope-scratch-XXXXXX").string();
    if (!mkdtemp(dir.data())) fail("mkdtemp");
    return dir;
}

}  // namespace

std::string SandboxResult::describe(double wall_seconds) const {
    if (timed_out)
        return "did not finish in " + std::to_string(int(wall_seconds)) +
               " s (an endless loop, or a thread waiting for something that never comes?)";
    if (!over_limit.empty()) return over_limit;
    if (signal == SIGXCPU) return "used up its CPU time";
    if (signal == SIGXFSZ) return "wrote a file larger than its limit";
    if (signal) return std::string("crashed: ") + strsignal(signal);
    return "exit code " + std::to_string(exit_code);
}

std::string quoted_output(const std::string& text, std::size_t max) {
    std::string t = text;
    while (!t.empty() && (t.back() == '\n' || t.back() == '\r' || t.back() == ' '))
        t.pop_back();
    const std::size_t last = t.rfind('\n');
    if (last != std::string::npos) t = t.substr(last + 1);
    std::string out;
    for (unsigned char c : t) {
        if (out.size() >= max) {
            out += "...";
            break;
        }
        out += (c >= 32 && c < 127) ? char(c) : '?';
    }
    return "\"" + out + "\"";
}

namespace {

// A started job: its process (bubblewrap, or the job itself when trusted), its process group,
// and the read ends of its pipes.
struct Started {
    pid_t pid = -1;
    int output = -1, info = -1;
    std::vector<int> returns;
    std::string scratch;  // a trusted job's folder on disk
};

// The scratch folder of a trusted job, on disk, with the job's files.
std::string trusted_scratch(const SandboxJob& job) {
    const std::string scratch = temp_scratch();
    for (const SandboxFile& f : job.files) {
        const fs::path to = fs::path(scratch) / f.path;
        fs::create_directories(to.parent_path());
        std::ofstream(to, std::ios::binary) << f.contents;
        fs::permissions(to, f.executable ? fs::perms(0555) : fs::perms(0444));
    }
    return scratch;
}

Started start_job(const SandboxJob& job) {
    Started started;
    std::string bwrap;
    if (job.trusted) {
        started.scratch = trusted_scratch(job);
    } else {
        bwrap = find_in_path("bwrap");
        if (bwrap.empty())
            throw std::runtime_error(
                "bubblewrap (bwrap) is not installed: apt-get install bubblewrap");
    }
    // The child's descriptors: its stdin /dev/null, stdout and stderr one pipe, the return pipes
    // from fd 3; for bubblewrap also its info pipe, the seccomp program and the files' memfds.
    Pipe output, info;
    std::vector<Pipe> returns(job.returns.size());
    std::vector<std::pair<int, int>> moves;  // (source, target)
    const int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd < 0) fail("/dev/null");
    std::vector<int> owned = {null_fd};  // closed here once the child has them
    moves.push_back({null_fd, 0});
    moves.push_back({output.write, 1});
    moves.push_back({output.write, 2});
    int next = kFirstReturnFd;
    for (Pipe& p : returns)
        moves.push_back({p.write, next++});
    std::vector<std::string> argv;
    if (!job.trusted) {
        const int info_fd = next++;
        moves.push_back({info.write, info_fd});
        const int seccomp = seccomp_program_fd();
        owned.push_back(seccomp);
        const int seccomp_fd = next++;
        moves.push_back({seccomp, seccomp_fd});
        std::vector<int> file_fds;
        for (const SandboxFile& f : job.files) {
            const int fd = memfd_with("scanscope-file", f.contents);
            owned.push_back(fd);
            file_fds.push_back(next);
            moves.push_back({fd, next++});
        }
        argv = {bwrap};
        for (std::string& a : bwrap_arguments(job, info_fd, seccomp_fd, file_fds))
            argv.push_back(std::move(a));
    }
    argv.insert(argv.end(), job.argv.begin(), job.argv.end());
    std::vector<std::string> env = {"PATH=/usr/local/bin:/usr/bin:/bin"};
    if (job.trusted) {
        env.push_back("HOME=" + started.scratch);
        env.push_back("TMPDIR=" + started.scratch);
        env.insert(env.end(), job.env.begin(), job.env.end());
        for (const auto& [name, value] : passed_through(job.gpu))
            env.push_back(name + "=" + value);
    }
    // Everything the child uses is made here: after fork it may not allocate.
    std::vector<char*> args, envp;
    for (std::string& a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    for (std::string& e : env)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    std::vector<int> parked(moves.size());
    const int last_fd = next - 1;
    const SandboxLimits& limits = job.limits;
    const rlim_t cpu = rlim_t(limits.cpu_seconds + 0.999);
    const char* scratch = started.scratch.c_str();

    const pid_t pid = fork();
    if (pid < 0) fail("fork");
    if (pid == 0) {
        // The child (only async-signal-safe calls): its own process group, the descriptors in
        // place and no others, the per-process limits, then bubblewrap (or the job itself).
        setpgid(0, 0);
        for (std::size_t i = 0; i < moves.size(); ++i)
            parked[i] = fcntl(moves[i].first, F_DUPFD, 256);
        for (std::size_t i = 0; i < moves.size(); ++i)
            dup2(parked[i], moves[i].second);
        close_range(unsigned(last_fd + 1), ~0u, 0);
        if (limits.limit_address_space)
            set_limit(RLIMIT_AS, limits.memory_bytes, limits.memory_bytes);
        // A second over the limit: the watch below (the wall clock, and the sandbox's CPU time)
        // enforces it and says which was met; the kernel's signal is the backstop, so that an
        // endless loop meeting both limits at once on a busy machine, before the watch wakes,
        // is still told "did not finish".
        set_limit(RLIMIT_CPU, cpu + 1, cpu + 2);
        set_limit(RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes);
        set_limit(RLIMIT_CORE, 0, 0);
        if (job.trusted && chdir(scratch) != 0) _exit(126);
        execve(args[0], args.data(), job.trusted ? envp.data() : environ);
        _exit(127);
    }
    for (int fd : owned)
        close(fd);
    close(output.write);
    close(info.write);
    started.pid = pid;
    started.output = output.read;
    started.info = info.read;
    for (Pipe& p : returns) {
        close(p.write);
        started.returns.push_back(p.read);
    }
    return started;
}

// Reads the job's pipes until it ends, holding it to its limits; returns its wait status.
int supervise(const SandboxJob& job, const Started& started, SandboxResult& result) {
    const SandboxLimits& limits = job.limits;
    struct Stream {
        int fd;
        std::string* into;
        std::size_t cap;
        bool is_return;
        bool open = true;
    };
    std::string info_text;
    std::vector<Stream> streams = {{started.output, &result.output, limits.output_bytes, false},
                                   {started.info, &info_text, 4096, false}};
    for (std::size_t i = 0; i < started.returns.size(); ++i)
        streams.push_back({started.returns[i], &result.returned[i], job.returns[i], true});

    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    // The sandbox's PID 1 (bubblewrap tells its number): held by a pidfd, so that a signal can
    // never reach another process that took the number later. Its namespace dies with it.
    int init = -1;
    struct stat ns {};
    bool have_ns = false, exited = false;
    // The job's process is left unreaped (WNOWAIT) until the end: while it is a zombie its number,
    // and its process group's, cannot be taken by another, so signals to them reach only the job.
    auto ended = [&](int options) {
        siginfo_t info{};
        return waitid(P_PID, id_t(started.pid), &info, WEXITED | WNOWAIT | options) == 0 &&
               info.si_pid == started.pid;
    };
    auto kill_all = [&] {
        if (init >= 0) syscall(SYS_pidfd_send_signal, init, SIGKILL, nullptr, 0);
        kill(-started.pid, SIGKILL);
    };
    double exited_at = 0;
    for (auto last_count = start;;) {
        std::vector<pollfd> fds;
        for (const Stream& st : streams)
            if (st.open) fds.push_back({st.fd, POLLIN, 0});
        if (!fds.empty())
            poll(fds.data(), nfds_t(fds.size()), 20);
        else if (!exited)
            usleep(20000);
        bool any_open = false;
        for (std::size_t i = 0, k = 0; i < streams.size(); ++i) {
            Stream& st = streams[i];
            if (!st.open) continue;
            if (fds[k++].revents & (POLLIN | POLLHUP | POLLERR)) {
                char buffer[65536];
                const ssize_t n = read(st.fd, buffer, sizeof buffer);
                if (n <= 0) {
                    st.open = n < 0 && errno == EINTR;
                } else if (st.into->size() + std::size_t(n) <= st.cap) {
                    st.into->append(buffer, std::size_t(n));
                } else if (st.is_return) {
                    if (result.over_limit.empty())
                        result.over_limit = "sent back more than " + mib(st.cap);
                    kill_all();
                    st.open = false;
                } else {
                    st.into->append(buffer, st.cap - std::min(st.cap, st.into->size()));
                }
            }
            any_open |= st.open;
        }
        if (!exited && ended(WNOHANG)) {
            exited = true;
            exited_at = seconds();
        }
        if (exited) {
            // Everything in the sandbox is gone with it; a trusted job's leftovers get a second.
            if (!any_open || seconds() - exited_at > 1.0) break;
            continue;
        }
        if (init < 0 && !job.trusted) {
            static const std::regex child(R"("child-pid"\s*:\s*(\d+))");
            std::smatch m;
            if (std::regex_search(info_text, m, child)) {
                const pid_t pid = pid_t(std::stol(m[1].str()));
                init = int(syscall(SYS_pidfd_open, pid, 0));
                have_ns = stat(("/proc/" + std::to_string(pid) + "/ns/pid").c_str(), &ns) == 0;
            }
        }
        if (seconds() > limits.wall_seconds) {
            result.timed_out = true;
            kill_all();
            ended(0);
            exited = true;
            exited_at = seconds();
            continue;
        }
        const auto now = std::chrono::steady_clock::now();
        if (have_ns && now - last_count >= std::chrono::milliseconds(20)) {
            last_count = now;
            const TreeUse use = tree_use(ns.st_dev, ns.st_ino);
            if (use.tasks > limits.tasks)
                result.over_limit =
                    "started more than " + std::to_string(limits.tasks) + " processes and threads";
            else if (use.resident > limits.memory_bytes)
                result.over_limit = "used more than " + mib(limits.memory_bytes) + " of memory";
            else if (use.cpu_seconds > limits.cpu_seconds)
                result.over_limit =
                    "used more than " + std::to_string(int(limits.cpu_seconds)) + " s of CPU time";
            if (!result.over_limit.empty()) kill_all();
        }
    }
    // Nothing of it outlives the call: the namespace's PID 1 (gone already, with bubblewrap), or
    // what stayed in a trusted job's process group.
    kill_all();
    if (init >= 0) close(init);
    int status = 0;
    waitpid(started.pid, &status, 0);
    for (const Stream& st : streams)
        close(st.fd);
    return status;
}

void remove_scratch(const std::string& scratch) {
    std::error_code ec;
    fs::permissions(scratch, fs::perms::owner_all, fs::perm_options::add, ec);
    for (const auto& entry : fs::recursive_directory_iterator(scratch, ec))
        fs::permissions(entry.path(), fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(scratch, ec);
}

}  // namespace

SandboxResult run_sandboxed(const SandboxJob& job) {
    if (job.argv.empty()) throw std::invalid_argument("run_sandboxed: no program");
    const Started started = start_job(job);
    SandboxResult result;
    result.returned.resize(job.returns.size());
    const int status = supervise(job, started, result);
    if (!started.scratch.empty()) remove_scratch(started.scratch);
    if (result.timed_out || !result.over_limit.empty()) return result;
    if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    // bubblewrap passes on a signal that ended the job as 128 + its number.
    if (!job.trusted && result.exit_code > 128 && result.exit_code <= 128 + 64) {
        result.signal = result.exit_code - 128;
        result.exit_code = -1;
    }
    return result;
}

std::string sandbox_unavailable() {
    static const std::string reason = [] {
        SandboxJob probe;
        probe.argv = {"/usr/bin/true"};
        probe.limits.wall_seconds = 20;
        try {
            const SandboxResult r = run_sandboxed(probe);
            if (r.ok()) return std::string();
            return "the sandbox for students' code cannot be made here (bubblewrap: " +
                   quoted_output(r.output) +
                   "). It needs unprivileged user namespaces: sysctl "
                   "kernel.unprivileged_userns_clone=1 (on Ubuntu 24.04 also "
                   "kernel.apparmor_restrict_unprivileged_userns=0). Or pass --no-sandbox to "
                   "run the file as yourself, trusting it";
        } catch (const std::exception& e) {
            return std::string("the sandbox for students' code cannot be made here: ") + e.what() +
                   ". Or pass --no-sandbox to run the file as yourself, trusting it";
        }
    }();
    return reason;
}

}  // namespace scanscope
