// Timing GPU work with CUDA events, in a header of its own (no library to link), so that the
// standalone probes in bench/tune and the app's timing loops measure the same way.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
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
    // Whether the GPU has reached the start event yet.
    bool started() const { return cudaEventQuery(start_) == cudaSuccess; }
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

// What is queued before each timed run, outside its time: by default nothing; a timing that flushes
// the L2 (L2Flush) or a probe that sets what the caches hold passes its own.
struct NothingFirst {
    void operator()() const {}
};

// A buffer the L2's size, zeroed on a stream before each timed run when `on` (as NVBench's l2flush
// does; TimingPlan::flush_l2, tune_pipeline --flush-l2); with `on` false it does nothing.
class L2Flush {
  public:
    L2Flush(bool on, cudaStream_t stream) : stream_(stream) {
        if (!on) return;
        int device = 0, bytes = 0;
        SS_CUDA_CHECK(cudaGetDevice(&device));
        SS_CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrL2CacheSize, device));
        bytes_ = std::size_t(bytes);
        if (bytes_ > 0) SS_CUDA_CHECK(cudaMalloc(&buffer_, bytes_));
    }
    ~L2Flush() { cudaFree(buffer_); }
    L2Flush(const L2Flush&) = delete;
    L2Flush& operator=(const L2Flush&) = delete;
    void operator()() const {
        if (buffer_) SS_CUDA_CHECK(cudaMemsetAsync(buffer_, 0, bytes_, stream_));
    }

  private:
    cudaStream_t stream_;
    void* buffer_ = nullptr;
    std::size_t bytes_ = 0;
};

// Times `run` `reps` times with events on `stream`: one sample (milliseconds) a run, no warm-up.
// `first` runs to its end before each run's start event, so the GPU is idle when the run is queued.
template <class Run, class First = NothingFirst>
std::vector<double> time_runs(cudaStream_t stream, int reps, const Run& run,
                              const First& first = {}) {
    EventTimer timer;
    std::vector<double> samples;
    for (int i = 0; i < reps; ++i) {
        first();
        SS_CUDA_CHECK(cudaStreamSynchronize(stream));
        timer.start(stream);
        run();
        samples.push_back(timer.stop(stream));
    }
    return samples;
}

// Holds the stream for `ns` nanoseconds (%globaltimer), so that what is queued behind it starts
// the moment it ends, whatever the host took to queue it.
static __global__ void hold_stream(long long ns) {
    long long start = 0, now = 0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < ns);
}

// As time_runs, but each run is queued behind hold_stream, so that its start event is taken when
// the GPU gets to it rather than as soon as the host has queued it: the samples leave out the
// host's launch calls (a few microseconds, which count in time_runs, where the GPU is idle and
// waits for them). A run the host had not queued before the hold ended is timed again behind a
// hold twice as long.
// `first` is queued before each hold.
template <class Run, class First = NothingFirst>
std::vector<double> time_runs_held(cudaStream_t stream, int reps, const Run& run,
                                   const First& first = {}) {
    EventTimer timer;
    std::vector<double> samples;
    long long hold_ns = 100 * 1000;
    constexpr long long kLongestHoldNs = 20 * 1000 * 1000;
    while (int(samples.size()) < reps) {
        first();
        hold_stream<<<1, 1, 0, stream>>>(hold_ns);
        SS_CUDA_CHECK(cudaGetLastError());
        timer.start(stream);
        run();
        const bool late = timer.started();
        const double ms = timer.stop(stream);
        if (late && hold_ns < kLongestHoldNs) {
            hold_ns *= 2;
            continue;
        }
        samples.push_back(ms);
    }
    return samples;
}

// `reps` samples of `run`, each behind a hold (time_runs_held) or, with `held` false, as queued on
// an idle GPU (time_runs).
template <class Run, class First = NothingFirst>
std::vector<double> timed_samples(cudaStream_t stream, int reps, const Run& run, bool held,
                                  const First& first = {}) {
    return held ? time_runs_held(stream, reps, run, first) : time_runs(stream, reps, run, first);
}

// The standalone probes' figure: the middle of `reps` timed runs of `run` (the upper of the two
// middle ones when `reps` is even), each run behind a hold as the app's timings take them, or
// with `held` false as queued on an idle GPU. The app's timings report the median proper
// (summarize()).
template <class Run, class First = NothingFirst>
double middle_run_ms(cudaStream_t stream, int reps, const Run& run, bool held = true,
                     const First& first = {}) {
    std::vector<double> samples = timed_samples(stream, reps, run, held, first);
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

}  // namespace scanscope
