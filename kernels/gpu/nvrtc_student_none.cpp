// Builds without CUDA: no GPU path for student kernels.
#include "gpu/nvrtc_student.h"

namespace scanscope {

bool nvrtc_built() {
    return false;
}

std::vector<std::uint32_t> run_student_on_gpu(const NvrtcStudentRun&, RawCapture&) {
    throw std::runtime_error("this build has no GPU code (configured without the CUDA toolkit)");
}

double time_student_on_gpu(const NvrtcStudentRun&, int) {
    throw std::runtime_error("this build has no GPU code (configured without the CUDA toolkit)");
}

}  // namespace scanscope
