#include "capture/capture.h"

#include <ctime>
#include <stdexcept>

#include "device/device_info.h"
#include "model/assemble.h"
#include "model/input_values.h"
#include "version.h"

namespace scanscope {
namespace {

// The one check of a capture or a run: the request, the input's size and its values.
void check_inputs(const RunRequest& request, const std::vector<std::uint32_t>& input) {
    check_run(request, input);
    const VariantInfo& variant = card_of(request);
    if (std::string problem = check_values(input, request, variant.algorithm); !problem.empty())
        throw BadRequest(problem);
}

}  // namespace

bool resolve_gpu(DeviceChoice choice) {
    const DeviceReport& device = probe_device();
    if (choice == DeviceChoice::Gpu && !device.gpu_available)
        throw std::runtime_error("no GPU to run on: " + device.cpu_reason);
    return choice == DeviceChoice::Gpu || (choice == DeviceChoice::Auto && device.gpu_available);
}

std::string utc_timestamp() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

Trace capture_trace(const RunRequest& asked, const std::vector<std::uint32_t>& input,
                    DeviceChoice device) {
    RunRequest request = asked;
    resolve_key_bits(request, input);  // a radix sort's passes, recorded in the trace
    check_inputs(request, input);
    if (request.n > kMaxCaptureN)
        throw BadRequest("captures are for teaching sizes, n up to " +
                         std::to_string(kMaxCaptureN) + " (got " + std::to_string(request.n) +
                         "); 'scanscope bench' times any n");
    const bool gpu = resolve_gpu(device);
    RawCapture raw;
    const std::vector<std::uint32_t> output =
        gpu ? run_on_gpu(request, input, &raw, Checked::Already)
            : run_emulated(request, input, &raw, Checked::Already);
    const DeviceReport& report = probe_device();
    TraceSource source{gpu ? "gpu" : "cpu-emulation",
                       gpu ? report.gpu.name : "CPU emulation (" + report.cpu_reason + ")",
                       SCANSCOPE_VERSION, utc_timestamp()};
    if (!gpu && device == DeviceChoice::Cpu && report.gpu_available)
        source.device = "CPU emulation (asked for)";
    return assemble_trace(request, input, output, raw, source);
}

std::vector<std::uint32_t> run_plain(const RunRequest& asked,
                                     const std::vector<std::uint32_t>& input, DeviceChoice device) {
    RunRequest request = asked;
    resolve_key_bits(request, input);
    check_inputs(request, input);
    return resolve_gpu(device) ? run_on_gpu(request, input, nullptr, Checked::Already)
                               : run_emulated(request, input, nullptr, Checked::Already);
}

}  // namespace scanscope
