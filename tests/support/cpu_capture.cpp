#include "support/cpu_capture.h"

#include "capture/capture.h"
#include "support/reference.h"

namespace scanscope::test {

Trace captured_on_cpu(const std::string& variant, int n, ElementType type, bool inclusive,
                      int block_threads, std::uint64_t seed) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.type = type;
    r.inclusive = inclusive && find_variant(variant)->algorithm == Algorithm::Scan;
    r.block_threads = block_threads;
    return capture_trace(r, random_input(n, type, seed), DeviceChoice::Cpu);
}

}  // namespace scanscope::test
