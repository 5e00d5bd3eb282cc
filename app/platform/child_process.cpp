#include "platform/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

namespace scanscope {

std::string ChildResult::describe(double wall_seconds) const {
    if (timed_out)
        return "did not finish in " + std::to_string(int(wall_seconds)) +
               " s (an endless loop, or a thread waiting for something that never comes?)";
    if (signal) return std::string("crashed: ") + strsignal(signal);
    return "exit code " + std::to_string(exit_code);
}

std::string self_executable() {
    char path[4096];
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) throw std::runtime_error("cannot find the program's own path");
    return std::string(path, std::size_t(n));
}

ChildResult run_child(const std::vector<std::string>& argv, const ChildLimits& limits) {
    if (argv.empty()) throw std::invalid_argument("run_child: no program");
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);

    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid == 0) {
        // The child: its own process group (so a kill takes its helpers too), the limits, exec.
        setpgid(0, 0);
        dup2(pipe_fds[1], STDOUT_FILENO);
        dup2(pipe_fds[1], STDERR_FILENO);
        if (limits.memory_bytes) {
            const rlimit memory{limits.memory_bytes, limits.memory_bytes};
            setrlimit(RLIMIT_AS, &memory);
        }
        const rlimit no_core{0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        execvp(args[0], args.data());
        _exit(127);
    }
    close(pipe_fds[1]);
    ChildResult result;
    const auto start = std::chrono::steady_clock::now();
    bool open = true;
    int status = 0;
    for (;;) {
        if (open) {
            pollfd p{pipe_fds[0], POLLIN, 0};
            if (poll(&p, 1, 50) > 0) {
                char buffer[4096];
                const ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
                if (n > 0 && result.output.size() < (1u << 20))
                    result.output.append(buffer, std::size_t(n));
                if (n <= 0) open = false;
            }
        } else {
            usleep(20000);
        }
        const pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) break;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (seconds > limits.wall_seconds) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            result.timed_out = true;
            break;
        }
    }
    // What is left in the pipe.
    for (char buffer[4096]; open;) {
        pollfd p{pipe_fds[0], POLLIN, 0};
        if (poll(&p, 1, 0) <= 0) break;
        const ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
        if (n <= 0) break;
        if (result.output.size() < (1u << 20)) result.output.append(buffer, std::size_t(n));
    }
    close(pipe_fds[0]);
    if (!result.timed_out) {
        if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
        if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
    }
    return result;
}

}  // namespace scanscope
