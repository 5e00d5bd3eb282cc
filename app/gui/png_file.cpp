#include "gui/png_file.h"

#include <stb_image_write.h>

#include <cerrno>
#include <cstring>

namespace scanscope {

bool write_png(const std::string& path, int width, int height,
               const std::vector<std::uint8_t>& rgba, std::string& error) {
    if (rgba.size() != std::size_t(width) * height * 4) {
        error = "image buffer does not match its size";
        return false;
    }
    errno = 0;
    if (!stbi_write_png(path.c_str(), width, height, 4, rgba.data(), width * 4)) {
        error =
            "cannot write '" + path + "'" + (errno ? std::string(": ") + std::strerror(errno) : "");
        return false;
    }
    return true;
}

}  // namespace scanscope
