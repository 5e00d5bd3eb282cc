// The typed timing loop, instantiated beside the typed runs (variants/run_typed.cu.in).
#pragma once

#include <cuda_runtime.h>

#include <vector>

#include "core/bits.h"
#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"
#include "gpu/gpu_launcher.cuh"
#include "variants/dispatch.h"
#include "variants/timing.h"

namespace scanscope {

constexpr int kWarmupRuns = 3;

// Runs `run` kWarmupRuns times, then times it as `plan` says with events on `stream`.
template <class Run>
Timing time_on_stream(cudaStream_t stream, const TimingPlan& plan, const Run& run) {
    for (int w = 0; w < kWarmupRuns; ++w)
        run();
    const L2Flush flush(plan.flush_l2, stream);
    return summarize(timed_samples(stream, plan.reps, run, !plan.include_launch, flush));
}

template <class T, class Op>
Timing time_typed(const RunRequest& r, const std::vector<std::uint32_t>& input,
                  const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    GpuLauncher launcher;
    const int out_count = output_count(card_of(r), r.n);
    std::vector<T> host(input.size());
    for (std::size_t i = 0; i < input.size(); ++i)
        host[i] = from_bits<T>(input[i]);
    T* in = launcher.alloc<T>(host.size());
    T* out = launcher.alloc<T>(std::size_t(out_count));
    launcher.upload(in, host.data(), host.size());
    launcher.keep_allocations();

    kernels::run_variant<GpuLauncher, T, Op>(launcher, r, in, out);  // the run that is checked
    if (output) {
        std::vector<T> result(static_cast<std::size_t>(out_count));
        launcher.download(result.data(), out, result.size());
        output->resize(result.size());
        for (std::size_t i = 0; i < result.size(); ++i)
            (*output)[i] = to_bits(result[i]);
    }
    return time_on_stream(launcher.stream(), plan, [&] {
        launcher.rewind();  // host-side only: reuses the first run's buffers
        kernels::run_variant<GpuLauncher, T, Op>(launcher, r, in, out);
    });
}

template <class T, class Op>
double capture_typed(const RunRequest& r, const std::vector<std::uint32_t>& input) {
    RawCapture raw;
    GpuLauncher launcher(&raw);
    kernels::run_typed<GpuLauncher, T, Op>(launcher, r, input);
    return launcher.capture_kernel_ms();
}

}  // namespace scanscope
