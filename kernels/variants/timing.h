// Timing the plain kernels on the GPU, beside the references people know: a device-to-device copy
// of the same bytes and CUB. CUDA events, a warm-up, the median of the timed runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "variants/run_request.h"

namespace scanscope {

struct Timing {
    double median_ms = 0;
    double min_ms = 0;
    double max_ms = 0;
    int reps = 0;
};

// How the GPU figures are taken: `reps` timed runs after a warm-up, each between two CUDA events.
// Each run is queued behind a kernel that holds the stream, so that its time starts when the GPU
// gets to it: the host's launch calls (a few microseconds) are left out. With `include_launch`,
// each run is queued on an idle GPU, whose start event then waits for the host's launch calls.
// By default the runs follow one another over the same buffers, so each finds in the L2 what the
// one before left there (its last bytes, some of them still to be written back). With `flush_l2`,
// a buffer the L2's size is zeroed before each run, as NVBench's cold measurement (CUB's own
// benchmarks) does: each run then starts with none of its bytes in the L2.
struct TimingPlan {
    int reps = 20;
    bool include_launch = false;
    bool flush_l2 = false;
};

// Times `request` on `input`; `output` receives the first (warm-up) run's result for checking.
// Throws std::runtime_error in builds without GPU code, CudaError for CUDA failures.
Timing time_variant_on_gpu(const RunRequest& request, const std::vector<std::uint32_t>& input,
                           const TimingPlan& plan, std::vector<std::uint32_t>* output);
// A cudaMemcpy device to device of `bytes` (which reads and writes 2 * bytes).
Timing time_device_copy(std::size_t bytes, const TimingPlan& plan);
// CUB from the CUDA toolkit doing what `request` does: DeviceScan (inclusive or exclusive, + or
// max), DeviceReduce (Sum or Reduce with max) or, for a compaction, DeviceSelect::If; for a
// segmented scan DeviceScan's ...ScanByKey / ...SumByKey on one-byte keys made from the heads;
// for a summed-area table InclusiveSumByKey (or ...ScanByKey) over the rows, a transpose, the same
// over the columns, and a transpose back.
Timing time_cub(const RunRequest& request, const std::vector<std::uint32_t>& input,
                const TimingPlan& plan, std::vector<std::uint32_t>* output);
// CUB's stream compaction with the kernels' predicate (not 0): DeviceSelect::If, or with
// `flagged` DeviceSelect::Flagged on one-byte flags made beforehand (untimed).
Timing time_cub_select(const RunRequest& request, const std::vector<std::uint32_t>& input,
                       bool flagged, const TimingPlan& plan, std::vector<std::uint32_t>* output);
// The capturing kernels' own time for one capture of `request` (no allocation, no copy-back).
double capture_kernel_ms(const RunRequest& request, const std::vector<std::uint32_t>& input);
// Free device memory now.
std::size_t gpu_free_bytes();

// Median, least and most of samples (milliseconds).
Timing summarize(std::vector<double> samples);

}  // namespace scanscope
