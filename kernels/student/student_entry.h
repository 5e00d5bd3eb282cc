// The entry point of a student's kernel library, compiled with the student's file into a shared
// library (app/student/student_build.cpp) and called by a ScanScope child process, which lends
// it the emulation's launcher. Plain data crosses the boundary; the kernel runs in the host's
// emulation, so its every access is recorded as the built-in variants' are.
#pragma once

#include <cstdint>
#include <cstring>
#include <exception>
#include <vector>

#include "core/bits.h"
#include "core/ops.h"
#include "emu/emu_launcher.h"

namespace scanscope::student {

constexpr int kStudentAbi = 2;

struct StudentCall {
    int abi = kStudentAbi;
    int type = 0;  // 0 int32, 1 float32
    int op = 0;    // 0 add, 1 max
    int inclusive = 0;
    int n = 0;
    const std::uint32_t* input = nullptr;  // n bit patterns
    std::uint32_t* output = nullptr;       // n
    emu::EmuLauncher* launcher = nullptr;
    char error[2048] = {};
    // A plain CUDA kernel's launch (kernels/student/cuda_entry.h); the block-interface form asks
    // its own struct instead.
    int threads = 0, blocks = 0, dynamic_shared_bytes = 0;
    int reduce = 0;  // the output is one value: the blocks' results combined
};

using EntryFn = int (*)(StudentCall*);
constexpr const char* kEntryName = "scanscope_student_run";

template <template <class, class> class Kernel, class T, class Op>
void run_typed(StudentCall& call) {
    using K = Kernel<T, Op>;
    const int threads = K::threads_for(call.n);
    const int shared = K::shared_elements(call.n);
    if (threads < 1 || threads > 1024)
        throw std::invalid_argument("threads_for(" + std::to_string(call.n) + ") gives " +
                                    std::to_string(threads) + " threads; a block takes 1 to 1024");
    if (shared < 0 || shared > 12288)
        throw std::invalid_argument("shared_elements(" + std::to_string(call.n) + ") gives " +
                                    std::to_string(shared) + "; at most 12288 (48 KiB)");
    emu::EmuLauncher& launcher = *call.launcher;
    T* in = launcher.alloc<T>(std::size_t(call.n));
    T* out = launcher.alloc<T>(std::size_t(call.n));
    for (int i = 0; i < call.n; ++i)
        in[i] = from_bits<T>(call.input[i]);
    K kernel{{in, out, call.n, call.inclusive != 0}};
    launcher.launch({"student scan", 1, threads, std::uint32_t(shared) * std::uint32_t(sizeof(T))},
                    kernel);
    for (int i = 0; i < call.n; ++i)
        call.output[i] = to_bits(out[i]);
}

template <template <class, class> class Kernel>
int run(StudentCall* call) {
    if (!call || call->abi != kStudentAbi) return 2;
    try {
        if (call->type == 0 && call->op == 0)
            run_typed<Kernel, std::int32_t, AddOp<std::int32_t>>(*call);
        if (call->type == 0 && call->op == 1)
            run_typed<Kernel, std::int32_t, MaxOp<std::int32_t>>(*call);
        if (call->type == 1 && call->op == 0) run_typed<Kernel, float, AddOp<float>>(*call);
        if (call->type == 1 && call->op == 1) run_typed<Kernel, float, MaxOp<float>>(*call);
        return 0;
    } catch (const std::exception& e) {
        std::strncpy(call->error, e.what(), sizeof call->error - 1);
        return 1;
    }
}

// The block the kernel asks for n elements (for the GPU path, which launches it itself).
using ShapeFn = void (*)(int n, int* threads, int* shared_elements);
constexpr const char* kShapeName = "scanscope_student_shape";

}  // namespace scanscope::student

#define SCANSCOPE_STUDENT_ENTRY(Kernel)                                                  \
    extern "C" int scanscope_student_run(scanscope::student::StudentCall* call) {        \
        return scanscope::student::run<Kernel>(call);                                    \
    }                                                                                    \
    extern "C" void scanscope_student_shape(int n, int* threads, int* shared_elements) { \
        *threads = Kernel<int, scanscope::AddOp<int>>::threads_for(n);                   \
        *shared_elements = Kernel<int, scanscope::AddOp<int>>::shared_elements(n);       \
    }
