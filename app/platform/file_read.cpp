#include "platform/file_read.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace scanscope {

std::string read_small_file(const std::string& path, std::size_t max_bytes,
                            const std::string& what) {
    // Opened without waiting (a FIFO with no writer would block the open itself), then judged by
    // what the descriptor is, so that the file checked is the file read.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        throw std::runtime_error("cannot open " + what + " '" + path +
                                 "': " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw std::runtime_error("'" + path +
                                 "' is not a regular file (a folder, a FIFO or a device)");
    }
    if (std::size_t(st.st_size) > max_bytes) {
        ::close(fd);
        throw std::runtime_error("'" + path + "' is " + std::to_string(st.st_size) +
                                 " bytes; at most " + std::to_string(max_bytes) + " for a " + what);
    }
    std::string text(std::size_t(st.st_size), '\0');
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += std::size_t(n);
    }
    ::close(fd);
    text.resize(done);
    return text;
}

}  // namespace scanscope
