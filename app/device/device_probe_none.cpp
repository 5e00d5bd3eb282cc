// The probe for builds without GPU code: everything runs on the CPU emulation.
#include "device/device_info.h"

namespace scanscope {

const DeviceReport& probe_device() {
    static const DeviceReport report = [] {
        DeviceReport r;
        r.cpu_reason = "this build has no GPU code (configured without the CUDA toolkit)";
        return r;
    }();
    return report;
}

}  // namespace scanscope
