#include <algorithm>
#include <stdexcept>

#include "variants/timing.h"

namespace scanscope {

Timing summarize(std::vector<double> samples) {
    Timing t;
    if (samples.empty()) return t;
    std::sort(samples.begin(), samples.end());
    const std::size_t n = samples.size();
    t.median_ms = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
    t.min_ms = samples.front();
    t.max_ms = samples.back();
    t.reps = int(n);
    return t;
}

#if !SCANSCOPE_HAVE_CUDA
namespace {
[[noreturn]] void no_gpu() {
    throw std::runtime_error("this build has no GPU code (configured without the CUDA toolkit)");
}
}  // namespace

Timing time_variant_on_gpu(const RunRequest&, const std::vector<std::uint32_t>&, const TimingPlan&,
                           std::vector<std::uint32_t>*) {
    no_gpu();
}
Timing time_device_copy(std::size_t, const TimingPlan&) {
    no_gpu();
}
Timing time_cub(const RunRequest&, const std::vector<std::uint32_t>&, const TimingPlan&,
                std::vector<std::uint32_t>*) {
    no_gpu();
}
Timing time_cub_select(const RunRequest&, const std::vector<std::uint32_t>&, bool,
                       const TimingPlan&, std::vector<std::uint32_t>*) {
    no_gpu();
}
double capture_kernel_ms(const RunRequest&, const std::vector<std::uint32_t>&) {
    no_gpu();
}
std::size_t gpu_free_bytes() {
    return 0;
}
#endif

}  // namespace scanscope
