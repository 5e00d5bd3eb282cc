// The entry point of a student's plain CUDA kernel, as the front end rewrites it
// (app/student/cuda_rewrite.cpp appends a `Kernel` struct and SCANSCOPE_CUDA_ENTRY to the file).
// ScanScope allocates what the kernel's pointer parameters point to (the input, the output, any
// scratch buffer: n elements each, zeroed, or one per block where there are more blocks), copies
// the input in, launches the kernel in the emulation with the shape the request gives, and reads
// the output back: n values for a scan, one for a reduction (the blocks' results combined with
// the operator, as a host would add the partial sums).
#pragma once

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/capture_format.h"
#include "core/ops.h"

#include "student/cuda_shim.h"
#include "student/student_entry.h"

namespace scanscope::cuda {

constexpr int kMaxSharedBytes = 48 * 1024;

template <class Kernel, class Op>
void run_cuda_typed(student::StudentCall& call) {
    using T = typename Kernel::Element;
    if (call.threads < 1 || call.threads > 1024)
        throw std::invalid_argument("the block has " + std::to_string(call.threads) +
                                    " threads; a block takes 1 to 1024");
    if (call.blocks < 1 || call.blocks > 4096)
        throw std::invalid_argument("the grid has " + std::to_string(call.blocks) +
                                    " blocks; ScanScope runs 1 to 4096");
    const int shared = Kernel::kStaticSharedBytes + call.dynamic_shared_bytes;
    if (call.dynamic_shared_bytes < 0 || shared > kMaxSharedBytes)
        throw std::invalid_argument("the kernel asks for " + std::to_string(shared) +
                                    " bytes of shared memory; a block has at most 48 KiB");
    emu::EmuLauncher& launcher = *call.launcher;
    Kernel kernel;
    Buffers<T>& b = kernel.buffers;
    b.n = call.n;
    b.count = std::max(call.n, call.blocks);
    b.dynamic_shared_bytes = call.dynamic_shared_bytes;
    b.in = launcher.alloc<T>(std::size_t(b.count));
    b.out = Kernel::kInPlace ? b.in : launcher.alloc<T>(std::size_t(b.count));
    for (T*& s : b.scratch)
        s = launcher.alloc<T>(std::size_t(b.count));
    for (int i = 0; i < b.count; ++i) {
        b.in[i] = i < call.n ? from_bits<T>(call.input[i]) : T(0);
        if (!Kernel::kInPlace) b.out[i] = T(0);
        for (T* s : b.scratch)
            s[i] = T(0);
    }
    launcher.launch({"student kernel", call.blocks, call.threads, std::uint32_t(shared)}, kernel);
    if (!call.reduce) {
        for (int i = 0; i < call.n; ++i)
            call.output[i] = to_bits(b.out[i]);
        return;
    }
    const T total =
        block_results<T, Op>(b.out, call.blocks, call.threads, Kernel::kInPlace, b.count);
    call.output[0] = to_bits(total);
}

template <class Kernel>
int run_cuda(student::StudentCall* call) {
    using T = typename Kernel::Element;
    if (!call || call->abi != student::kStudentAbi) return 2;
    try {
        const int type = element_kind_of<T>() == ElementKind::Float ? 1 : 0;
        if (call->type != type)
            throw std::invalid_argument(std::string("the kernel's arrays hold ") +
                                        (type ? "float" : "int") + "s: run it with --type " +
                                        (type ? "float" : "int32"));
        if (call->op == 0) run_cuda_typed<Kernel, AddOp<T>>(*call);
        if (call->op == 1) run_cuda_typed<Kernel, MaxOp<T>>(*call);
        return 0;
    } catch (const std::exception& e) {
        std::strncpy(call->error, e.what(), sizeof call->error - 1);
        return 1;
    }
}

}  // namespace scanscope::cuda

// The GPU path (kernels/gpu/nvrtc_student.cu) compiles the rewritten file again with NVRTC and
// asks the library for what the rewrite decided: the static shared bytes and whether the kernel
// works in place.
#define SCANSCOPE_CUDA_ENTRY(Kernel)                                                 \
    extern "C" int scanscope_student_run(scanscope::student::StudentCall* call) {    \
        return scanscope::cuda::run_cuda<Kernel>(call);                              \
    }                                                                                \
    extern "C" void scanscope_cuda_layout(int* static_shared_bytes, int* in_place) { \
        *static_shared_bytes = Kernel::kStaticSharedBytes;                           \
        *in_place = Kernel::kInPlace ? 1 : 0;                                        \
    }
