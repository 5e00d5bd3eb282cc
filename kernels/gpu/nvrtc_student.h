// A student's kernel on the GPU: the same source the emulation runs, compiled at run time by NVRTC
// into the capturing kernel (GpuBlock<CaptureMode>), launched through the driver API, its device
// capture buffers copied back as the built-in variants' are. Plain C++ interface (no CUDA types).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/raw_capture.h"

namespace scanscope {

struct NvrtcStudentRun {
    std::string kernel_path;  // the student's file
    std::string kernel_text;
    std::string kernels_dir;  // ScanScope's kernels/ (the block interface's headers)
    int type = 0;             // 0 int32, 1 float32
    int op = 0;               // 0 add, 1 max
    bool inclusive = false;
    int n = 0;
    int threads = 0;          // from the kernel's threads_for(n)
    int shared_elements = 0;  // from its shared_elements(n)
    std::vector<std::uint32_t> input;
    // A plain CUDA file: kernel_text is the front end's rewrite (app/student/cuda_rewrite.h),
    // launched on this grid; its output is n values, or one for a reduction.
    bool plain_cuda = false;
    int blocks = 1;
    int dynamic_shared_bytes = 0, static_shared_bytes = 0;
    bool in_place = false, reduce = false;
};

// A compile error: NVRTC's log, with the student's file named as they wrote it.
struct NvrtcCompileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// True in builds with NVRTC (CUDA builds).
bool nvrtc_built();

// Returns the output; fills `raw` with the launch's records. Throws NvrtcCompileError, or
// std::runtime_error for a CUDA failure (an out-of-bounds trap included).
std::vector<std::uint32_t> run_student_on_gpu(const NvrtcStudentRun& run, RawCapture& raw);

// The plain kernel (recording compiled out, as the built-ins are timed): the median of `reps`
// launches after a warm-up, in milliseconds (CUDA events).
double time_student_on_gpu(const NvrtcStudentRun& run, int reps);

}  // namespace scanscope
