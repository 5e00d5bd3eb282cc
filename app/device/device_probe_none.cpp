// The probe for builds without GPU code: everything runs on the CPU emulation.
#include "device/device_info.h"

namespace scanscope {

const DeviceReport& probe_device() {
    static const DeviceReport report = [] {
        DeviceReport r;
#ifdef __EMSCRIPTEN__
        r.cpu_reason = "a web page cannot reach a GPU's CUDA (the desktop app can)";
#else
        r.cpu_reason = "this build has no GPU code (configured without the CUDA toolkit)";
#endif
        return r;
    }();
    return report;
}

}  // namespace scanscope
