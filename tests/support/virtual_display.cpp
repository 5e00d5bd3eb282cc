#include "support/virtual_display.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace scanscope::test {
namespace {

pid_t g_xvfb = -1;

void stop_xvfb() {
    if (g_xvfb > 0) {
        kill(g_xvfb, SIGTERM);
        waitpid(g_xvfb, nullptr, 0);
        g_xvfb = -1;
    }
}

bool on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        const std::size_t end = dirs.find(':', start);
        const std::string dir = dirs.substr(start, end == std::string::npos ? end : end - start);
        if (!dir.empty() && access((dir + "/" + name).c_str(), X_OK) == 0) return true;
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return false;
}

// Xvfb picks a free display number itself and writes it to the -displayfd pipe when ready.
DisplayAccess start_xvfb() {
    DisplayAccess access_result;
    int ready[2];
    if (pipe(ready) != 0) {
        access_result.reason = "cannot create a pipe for Xvfb";
        return access_result;
    }
    const pid_t pid = fork();
    if (pid == 0) {
        close(ready[0]);
        const std::string fd = std::to_string(ready[1]);
        execlp("Xvfb", "Xvfb", "-displayfd", fd.c_str(), "-screen", "0", "1920x1200x24",
               "-nolisten", "tcp", "-noreset", static_cast<char*>(nullptr));
        _exit(127);
    }
    close(ready[1]);
    std::string number;
    pollfd fd{ready[0], POLLIN, 0};
    char c;
    while (poll(&fd, 1, 15000) > 0 && read(ready[0], &c, 1) == 1 && c != '\n')
        number += c;
    close(ready[0]);
    if (number.empty()) {
        if (pid > 0) kill(pid, SIGKILL), waitpid(pid, nullptr, 0);
        access_result.reason = "Xvfb did not start within 15 s";
        return access_result;
    }
    g_xvfb = pid;
    std::atexit(stop_xvfb);
    access_result.available = true;
    access_result.display = ":" + number;
    return access_result;
}

}  // namespace

const DisplayAccess& virtual_display() {
    static const DisplayAccess display = [] {
        if (on_path("Xvfb")) return start_xvfb();
        DisplayAccess d;
        if (const char* env = std::getenv("DISPLAY"); env && *env) {
            d.available = true;
            d.display = env;
            return d;
        }
        d.reason = "no display: DISPLAY is unset and Xvfb is not installed (apt-get install xvfb)";
        return d;
    }();
    return display;
}

}  // namespace scanscope::test
