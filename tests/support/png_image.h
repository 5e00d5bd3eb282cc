// Loading PNG files in tests and measuring their pixels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanscope::test {

struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // top row first

    bool empty() const { return rgba.empty(); }
    const std::uint8_t* at(int x, int y) const {
        return rgba.data() + (std::size_t(y) * width + x) * 4;
    }
    float luminance(int x, int y) const;  // 0..1
};

Image load_png(const std::string& path);  // empty on failure

// Distinct colours after quantizing each channel to 5 bits.
std::size_t distinct_colors(const Image& image);
// Share of pixels holding the most common (quantized) colour.
double dominant_color_share(const Image& image);
double mean_luminance(const Image& image);

// Columns (or rows) where at least `share` of the pixels are within `tolerance` of `color`,
// merged into runs: returns the number of separate runs (a drawn line of any width counts once).
int count_lines(const Image& image, const std::uint8_t color[3], int tolerance, double share,
                bool vertical);

// True when the rectangle holds pixels differing from its own dominant colour by more than
// `contrast` in luminance (text, glyphs, drawn marks).
bool has_marks(const Image& image, int x, int y, int w, int h, float contrast);

}  // namespace scanscope::test
