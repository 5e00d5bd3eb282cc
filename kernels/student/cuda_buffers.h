// The buffers ScanScope gives a student's plain CUDA kernel, and a reduction's answer from its
// blocks' results: shared by the emulation's entry (cuda_entry.h) and the GPU path
// (kernels/gpu/nvrtc_student.cu). No CUDA names are redefined here (cuda_shim.h does that).
#pragma once

#include "core/hd.h"

namespace scanscope::cuda {

// What ScanScope allocates for the kernel's pointer parameters (the same layout on the host, in
// the emulation and in the GPU's kernel parameters): `count` elements each.
template <class T>
struct Buffers {
    T* in = nullptr;
    T* out = nullptr;
    T* scratch[2] = {nullptr, nullptr};
    int n = 0;
    int count = 0;
    int dynamic_shared_bytes = 0;
};

// A reduction's answer from its blocks' results: out[block], or, reduced in place, the first
// element of each block's part, combined with the operator as a host adds partial sums.
template <class T, class Op>
SS_HD_INLINE T block_results(const T* out, int blocks, int threads, bool in_place, int count) {
    T total = out[0];
    for (int k = 1; k < blocks; ++k) {
        const int at = in_place ? k * threads : k;
        if (at < count) total = Op::combine(total, out[at]);
    }
    return total;
}

}  // namespace scanscope::cuda
