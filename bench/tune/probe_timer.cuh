// What the tuning probes share: a driver run once (its result checked by the caller), then timed
// as the app times a variant (kernels/gpu/gpu_timing.cuh): the same buffers again (rewind), a
// warm-up, the median of `reps` runs, each queued behind a hold.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "gpu/gpu_launcher.cuh"
#include "gpu/gpu_timing.cuh"

namespace scanscope {

// Keeps a fresh launcher's first allocation, so that each rewind() hands back what a driver
// allocated after it: the same buffers on every repeat, as a timing loop reuses them.
inline void repeat_on_same_buffers(GpuLauncher& launcher) {
    launcher.alloc<int>(1);  // something to keep
    launcher.keep_allocations();
}

// `driver` on a fresh launcher; `check` after its first run; then its median time in ms.
inline double time_driver(int reps, const std::function<void(GpuLauncher&)>& driver,
                          const std::function<void(GpuLauncher&)>& check = {}) {
    GpuLauncher launcher;
    repeat_on_same_buffers(launcher);
    driver(launcher);
    launcher.synchronize();
    if (check) check(launcher);
    return time_on_stream(launcher.stream(), TimingPlan{reps},
                          [&] {
                              launcher.rewind();
                              driver(launcher);
                          })
        .median_ms;
}

// A `check` for time_driver: the first run's output must be `expected`, else the probe prints
// "<what>: WRONG RESULT" and exits 1.
inline std::function<void(GpuLauncher&)> output_is(const int* out, const std::vector<int>& expected,
                                                   std::string what) {
    return [out, &expected, what](GpuLauncher& launcher) {
        std::vector<int> got(expected.size());
        launcher.download(got.data(), out, got.size());
        if (got != expected) {
            std::printf("%s: WRONG RESULT\n", what.c_str());
            std::exit(1);
        }
    };
}

// A probe's main: `sweep(log_n, reps)` for each size of `--sizes 20,24,28` (the default) with
// `--reps 30` (the default); a failure is printed under the probe's `name`, and exits 1.
inline int run_sweeps(int argc, char** argv, const char* name, void (*sweep)(int, int)) {
    std::vector<int> sizes = {20, 24, 28};
    int reps = 30;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--sizes") == 0) {
            sizes.clear();
            for (char* s = std::strtok(argv[i + 1], ","); s; s = std::strtok(nullptr, ","))
                sizes.push_back(std::atoi(s));
        }
    }
    try {
        for (int log_n : sizes)
            sweep(log_n, reps);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", name, e.what());
        return 1;
    }
    return 0;
}

}  // namespace scanscope
