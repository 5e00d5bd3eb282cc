// Timing GPU work with CUDA events, in a header of its own (no library to link), so that the
// standalone probes in bench/tune and the app's timing loops measure the same way.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "gpu/cuda_check.h"

namespace scanscope {

// CUDA events on a stream, for one timed region at a time.
class EventTimer {
  public:
    EventTimer() {
        SS_CUDA_CHECK(cudaEventCreate(&start_));
        SS_CUDA_CHECK(cudaEventCreate(&stop_));
    }
    ~EventTimer() {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }
    EventTimer(const EventTimer&) = delete;
    EventTimer& operator=(const EventTimer&) = delete;
    void start(cudaStream_t s) { SS_CUDA_CHECK(cudaEventRecord(start_, s)); }
    double stop(cudaStream_t s) {
        SS_CUDA_CHECK(cudaEventRecord(stop_, s));
        SS_CUDA_CHECK(cudaEventSynchronize(stop_));
        float ms = 0;
        SS_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
        return double(ms);
    }

  private:
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

// Times `run` `reps` times with events on `stream`: one sample (milliseconds) a run, no warm-up.
template <class Run>
std::vector<double> time_runs(cudaStream_t stream, int reps, const Run& run) {
    EventTimer timer;
    std::vector<double> samples;
    for (int i = 0; i < reps; ++i) {
        timer.start(stream);
        run();
        samples.push_back(timer.stop(stream));
    }
    return samples;
}

// The standalone probes' figure: the middle of `reps` timed runs of `run` (the upper of the two
// middle ones when `reps` is even). The app's timings report the median proper (summarize()).
template <class Run>
double middle_run_ms(cudaStream_t stream, int reps, const Run& run) {
    std::vector<double> samples = time_runs(stream, reps, run);
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

}  // namespace scanscope
