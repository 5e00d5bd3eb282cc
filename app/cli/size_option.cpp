#include "cli/size_option.h"

#include <regex>

namespace scanscope {

std::optional<PixelSize> parse_pixel_size(const std::string& text) {
    static const std::regex pattern(R"(^\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*$)");
    std::smatch match;
    if (!std::regex_match(text, match, pattern)) return std::nullopt;
    PixelSize size{std::stoi(match[1]), std::stoi(match[2])};
    auto in_range = [](int side) { return side >= kMinImageSide && side <= kMaxImageSide; };
    if (!in_range(size.width) || !in_range(size.height)) return std::nullopt;
    return size;
}

}  // namespace scanscope
