#include "support/png_image.h"

#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <unordered_map>

namespace scanscope::test {
namespace {

std::uint32_t quantized(const std::uint8_t* p) {
    return (std::uint32_t(p[0] >> 3) << 10) | (std::uint32_t(p[1] >> 3) << 5) | (p[2] >> 3);
}

bool near(const std::uint8_t* p, const std::uint8_t color[3], int tolerance) {
    return std::abs(p[0] - color[0]) <= tolerance && std::abs(p[1] - color[1]) <= tolerance &&
           std::abs(p[2] - color[2]) <= tolerance;
}

}  // namespace

float Image::luminance(int x, int y) const {
    const std::uint8_t* p = at(x, y);
    return (0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]) / 255.0f;
}

Image load_png(const std::string& path) {
    Image image;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
    if (!data) return {};
    image.rgba.assign(data, data + std::size_t(image.width) * image.height * 4);
    stbi_image_free(data);
    return image;
}

std::size_t distinct_colors(const Image& image) {
    std::unordered_map<std::uint32_t, int> seen;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            seen[quantized(image.at(x, y))]++;
    return seen.size();
}

double dominant_color_share(const Image& image) {
    std::unordered_map<std::uint32_t, int> counts;
    int best = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            best = std::max(best, ++counts[quantized(image.at(x, y))]);
    return double(best) / (double(image.width) * image.height);
}

double mean_luminance(const Image& image) {
    double sum = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            sum += image.luminance(x, y);
    return sum / (double(image.width) * image.height);
}

int count_lines(const Image& image, const std::uint8_t color[3], int tolerance, double share,
                bool vertical) {
    const int lines = vertical ? image.width : image.height;
    const int along = vertical ? image.height : image.width;
    int runs = 0;
    bool in_run = false;
    for (int i = 0; i < lines; ++i) {
        int hits = 0;
        for (int j = 0; j < along; ++j)
            hits += near(vertical ? image.at(i, j) : image.at(j, i), color, tolerance);
        const bool line = hits >= share * along;
        if (line && !in_run) ++runs;
        in_run = line;
    }
    return runs;
}

bool has_marks(const Image& image, int x, int y, int w, int h, float contrast) {
    std::unordered_map<std::uint32_t, int> counts;
    std::uint32_t dominant = 0;
    int best = 0;
    for (int j = y; j < y + h; ++j)
        for (int i = x; i < x + w; ++i)
            if (int c = ++counts[quantized(image.at(i, j))]; c > best)
                best = c, dominant = quantized(image.at(i, j));
    const float base =
        (0.2126f * float((dominant >> 10) << 3) + 0.7152f * float(((dominant >> 5) & 31) << 3) +
         0.0722f * float((dominant & 31) << 3)) /
        255.0f;
    int marks = 0;
    for (int j = y; j < y + h; ++j)
        for (int i = x; i < x + w; ++i)
            marks += std::fabs(image.luminance(i, j) - base) > contrast;
    return marks >= 20;
}

}  // namespace scanscope::test
