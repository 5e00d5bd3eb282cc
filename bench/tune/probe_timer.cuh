// What the tuning probes share: a driver run once (its result checked by the caller), then timed
// as the app times a variant (kernels/gpu/gpu_timing.cuh): the same buffers again (rewind), a
// warm-up, the median of `reps` runs, each queued behind a hold.
#pragma once

#include <functional>

#include "gpu/gpu_launcher.cuh"
#include "gpu/gpu_timing.cuh"

namespace scanscope {

// `driver` on a fresh launcher; `check` after its first run; then its median time in ms.
inline double time_driver(int reps, const std::function<void(GpuLauncher&)>& driver,
                          const std::function<void(GpuLauncher&)>& check = {}) {
    GpuLauncher launcher;
    launcher.alloc<int>(1);  // something to keep, so that rewind() reuses what follows
    launcher.keep_allocations();
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

}  // namespace scanscope
