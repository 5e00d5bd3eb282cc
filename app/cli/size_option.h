// Parsing "WxH" sizes for --size.
#pragma once

#include <optional>
#include <string>

namespace scanscope {

struct PixelSize {
    int width = 0;
    int height = 0;
};

constexpr int kMinImageSide = 64;
constexpr int kMaxImageSide = 8192;

// "1280x720" -> {1280, 720}; nullopt for anything else or sides outside [64, 8192].
std::optional<PixelSize> parse_pixel_size(const std::string& text);

}  // namespace scanscope
