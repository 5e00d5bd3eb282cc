// The colours of the timing plot's lines: nine hues that stay apart from each other on the dark
// and the light theme alike (the themes' own colours repeat: read and accent are both blue).
#pragma once

#include <cstddef>
#include <cstdint>

namespace scanscope {

constexpr std::uint8_t kSeriesPalette[9][3] = {{78, 121, 167},  {242, 142, 43},  {89, 161, 79},
                                               {225, 87, 89},   {176, 122, 161}, {237, 201, 72},
                                               {118, 183, 178}, {255, 157, 167}, {156, 117, 95}};
constexpr std::size_t kSeriesColours = sizeof kSeriesPalette / sizeof kSeriesPalette[0];

}  // namespace scanscope
