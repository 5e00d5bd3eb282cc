// Writing RGBA images as PNG files (stb_image_write from Debian's libstb).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanscope {

// False with `error` set when the file cannot be written.
bool write_png(const std::string& path, int width, int height,
               const std::vector<std::uint8_t>& rgba, std::string& error);

}  // namespace scanscope
