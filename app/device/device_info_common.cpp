#include "device/device_info.h"

#include <cstdio>

namespace scanscope {

std::string cuda_version_string(int version) {
    char text[32];
    std::snprintf(text, sizeof text, "%d.%d", version / 1000, (version % 1000) / 10);
    return text;
}

std::string describe(const DeviceReport& report) {
    if (!report.gpu_available) return "CPU emulation: " + report.cpu_reason;
    const GpuInfo& g = report.gpu;
    char text[512];
    std::snprintf(text, sizeof text, "GPU: %s | %d SMs | %.1f GiB | sm_%d%d | driver %s(CUDA %s)",
                  g.name.c_str(), g.sm_count, double(g.memory_bytes) / (1024.0 * 1024.0 * 1024.0),
                  g.cc_major, g.cc_minor,
                  g.driver_release.empty() ? "" : (g.driver_release + " ").c_str(),
                  cuda_version_string(g.cuda_driver_version).c_str());
    return text;
}

std::vector<std::string> describe_forms(const DeviceReport& report) {
    std::vector<std::string> forms{describe(report)};
    const auto add = [&](std::string form) {
        if (form != forms.back()) forms.push_back(std::move(form));
    };
    if (!report.gpu_available) {
        // The reason without its detail in brackets (the library that was not found), then none.
        add("CPU emulation: " + report.cpu_reason.substr(0, report.cpu_reason.find(" (")));
        add("CPU emulation");
    } else {
        const GpuInfo& g = report.gpu;
        add("GPU: " + g.name + " | sm_" + std::to_string(g.cc_major) + std::to_string(g.cc_minor));
        add("GPU: " + g.name);
    }
    return forms;
}

}  // namespace scanscope
