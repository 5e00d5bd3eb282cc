#include "platform/file_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace scanscope {
namespace {

[[noreturn]] void fail(const std::string& path, int error) {
    throw std::runtime_error("cannot write '" + path + "': " + std::strerror(error));
}

// Writes everything to fd; false with errno set on failure.
bool write_all(int fd, std::string_view contents) {
    while (!contents.empty()) {
        const ssize_t n = ::write(fd, contents.data(), contents.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        contents.remove_prefix(std::size_t(n));
    }
    return true;
}

void write_in_place(const std::string& path, std::string_view contents) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) fail(path, errno);
    if (!write_all(fd, contents)) {
        const int error = errno;
        ::close(fd);
        fail(path, error);
    }
    if (::close(fd) != 0) fail(path, errno);
}

#ifndef __EMSCRIPTEN__
// The name a temporary gets between being linked and renamed: "<target>.tmp-<pid>-<attempt>".
std::string temporary_name(const std::string& path, int attempt) {
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
}

// Linux cannot link an unnamed file over an existing one, so between naming the temporary and
// renaming it there are two system calls in which SIGKILL leaves it behind. The next write to the
// same target removes such leftovers: those whose writer is no longer running.
void remove_abandoned_temporaries(const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const std::string prefix = target.filename().string() + ".tmp-";
    std::error_code error;
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(prefix, 0) != 0) continue;
        const std::string rest = name.substr(prefix.size());
        const std::size_t dash = rest.find('-');
        if (dash == 0 || dash == std::string::npos ||
            rest.find_first_not_of("0123456789-") != std::string::npos)
            continue;
        const long pid = std::strtol(rest.substr(0, dash).c_str(), nullptr, 10);
        if (pid <= 0 || pid == ::getpid()) continue;
        if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH) ::unlink(it->path().c_str());
    }
}
#endif

}  // namespace

void write_file(const std::string& path, std::string_view contents) {
#ifdef __EMSCRIPTEN__
    // The page's file system is memory, gone with the page: there is no crash to survive, and
    // Emscripten's has neither unnamed files nor links to make one with.
    write_in_place(path, contents);
}
#else
    struct stat existing {};
    if (::stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
        if (S_ISDIR(existing.st_mode)) fail(path, EISDIR);
        return write_in_place(path, contents);  // a device or a pipe: no rename over it
    }
    // The bytes go into an unnamed file in the target's folder (O_TMPFILE): a process killed
    // while writing leaves nothing behind. Only when they are all written and synced does the
    // file get a name, a temporary one, renamed over the target at once. Where the file system
    // has no unnamed files, a named temporary file (mkstemp) does, removed on every failure.
    const std::string folder = [&] {
        const std::size_t slash = path.rfind('/');
        return slash == std::string::npos ? std::string(".") : path.substr(0, slash + 1);
    }();
    const mode_t mask = ::umask(0);
    ::umask(mask);
    int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666 & ~mask);
    const bool unnamed = fd >= 0;
    std::string temp = path + ".XXXXXX";
    if (!unnamed) {
        fd = ::mkstemp(temp.data());
        if (fd < 0) fail(path, errno);
    }
    auto abandon = [&](int error) {
        ::close(fd);
        if (!unnamed) ::unlink(temp.c_str());
        fail(path, error);
    };
    if (!write_all(fd, contents)) abandon(errno);
    if (::fsync(fd) != 0) abandon(errno);
    // mkstemp makes the file private (0600); give it what a plain create would.
    if (!unnamed && ::fchmod(fd, 0666 & ~mask) != 0) abandon(errno);
    if (unnamed) {
        remove_abandoned_temporaries(path);
        const std::string self = "/proc/self/fd/" + std::to_string(fd);
        bool linked = false;
        for (int attempt = 0; attempt < 8 && !linked; ++attempt) {
            temp = temporary_name(path, attempt);
            linked =
                ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, temp.c_str(), AT_SYMLINK_FOLLOW) == 0;
            if (!linked && errno != EEXIST) abandon(errno);
        }
        if (!linked) abandon(EEXIST);
    }
    // Renamed straight after naming, to keep the window for a kill as short as it can be; the
    // bytes are already synced, so closing afterwards changes nothing on disk.
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        ::close(fd);
        fail(path, error);
    }
    if (::close(fd) != 0) fail(path, errno);
}
#endif

bool same_file(const std::string& a, const std::string& b) {
    struct stat sa {
    }, sb{};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

}  // namespace scanscope
