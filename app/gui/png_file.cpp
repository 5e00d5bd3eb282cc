#include "gui/png_file.h"

#include <stb_image_write.h>

#include <string>

#include "platform/file_write.h"

namespace scanscope {

bool write_png(const std::string& path, int width, int height,
               const std::vector<std::uint8_t>& rgba, std::string& error) {
    if (rgba.size() != std::size_t(width) * height * 4) {
        error = "image buffer does not match its size";
        return false;
    }
    std::string png;
    auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                                   std::size_t(size));
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 4, rgba.data(), width * 4)) {
        error = "cannot encode a " + std::to_string(width) + "x" + std::to_string(height) + " PNG";
        return false;
    }
    try {
        write_file(path, png);  // every write checked, then renamed into place
    } catch (const std::exception& e) {
        error = e.what();
    }
    return error.empty();
}

}  // namespace scanscope
