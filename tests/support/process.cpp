#include "support/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace scanscope::test {

std::string scanscope_binary() {
    return SCANSCOPE_BINARY;
}

ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::vector<std::string>& env, int timeout_seconds) {
    ProcessResult result;
    int out[2];
    if (pipe(out) != 0) return result;

    std::vector<std::string> env_strings;
    for (char** e = environ; *e; ++e)
        env_strings.emplace_back(*e);
    for (const std::string& assignment : env) {
        const std::string name = assignment.substr(0, assignment.find('=') + 1);
        for (auto it = env_strings.begin(); it != env_strings.end();)
            it = it->rfind(name, 0) == 0 ? env_strings.erase(it) : it + 1;
        env_strings.push_back(assignment);
    }

    const pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        dup2(out[1], STDERR_FILENO);
        close(out[0]);
        close(out[1]);
        std::vector<char*> argv{const_cast<char*>(program.c_str())};
        for (const std::string& a : args)
            argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        std::vector<char*> envp;
        for (std::string& e : env_strings)
            envp.push_back(e.data());
        envp.push_back(nullptr);
        execve(program.c_str(), argv.data(), envp.data());
        _exit(127);
    }
    close(out[1]);
    if (pid < 0) {
        close(out[0]);
        return result;
    }

    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
    char buffer[4096];
    bool timed_out = false;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            timed_out = true;
            break;
        }
        pollfd fd{out[0], POLLIN, 0};
        if (poll(&fd, 1, int(left.count())) <= 0) continue;
        const ssize_t got = read(out[0], buffer, sizeof buffer);
        if (got <= 0) break;
        result.output.append(buffer, std::size_t(got));
    }
    close(out[0]);
    if (timed_out) kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    result.exit_code = (!timed_out && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
    return result;
}

}  // namespace scanscope::test
