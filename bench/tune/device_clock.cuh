// The GPU's global nanosecond clock, the same on every SM: the probes' timelines and finishing
// times are read from it, so that events on different SMs can be set side by side.
#pragma once

namespace scanscope::probe {

__device__ __forceinline__ unsigned long long now_ns() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

}  // namespace scanscope::probe
