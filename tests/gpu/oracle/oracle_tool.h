// The Compute Sanitizer oracle's host side: linked into the test, it subscribes to the sanitizer
// when it is loaded (before the first CUDA call), patches every module loaded with
// oracle_patches.cu's callbacks, and hands an armed launch its store log. SCANSCOPE_ORACLE_DEBUG=1
// prints each sanitizer event.
#pragma once

#include <string>

#include "oracle_log.h"

namespace scanscope::oracle {

// Empty when the sanitizer took the subscription and the patches; else why not.
std::string tool_status();

// The next launch of a kernel whose name contains `kernel` logs into `device_log` (a StoreLog in
// device memory); later launches of other kernels log nothing.
void arm(const std::string& kernel, StoreLog* device_log);
void disarm();

// Launches of the armed kernel since arm(); patch failures seen since loading (empty: none).
int armed_launches();
std::string patch_errors();

}  // namespace scanscope::oracle
