// One line of a probe's timeline: the mean and the 10th, 50th, 90th and 99th percentiles of a set
// of durations (or counts), after what they are. Shared by lookback_timeline and tune_summed_area.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <vector>

namespace scanscope {

// Nothing for an empty set. `width` pads `what`; `decimals` and `unit` (after the figures, if any)
// say how the figures read.
inline void print_spread(const char* what, std::vector<double> values, int width = 46,
                         int decimals = 0, const char* unit = "") {
    if (values.empty()) return;
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (double x : values)
        sum += x;
    const auto at = [&](double f) {
        return values[std::min(values.size() - 1,
                               static_cast<std::size_t>(f * double(values.size())))];
    };
    std::printf("  %-*s mean %7.*f  p10 %7.*f  p50 %7.*f  p90 %7.*f  p99 %7.*f%s%s\n", width, what,
                decimals, sum / double(values.size()), decimals, at(0.1), decimals, at(0.5),
                decimals, at(0.9), decimals, at(0.99), unit[0] ? " " : "", unit);
}

}  // namespace scanscope
