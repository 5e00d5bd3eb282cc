// What a student's kernel file includes: the same block interface the built-in variants use
// (kernels/scan/blelloch.h is the model), and bounds-checked global memory.
//
//   b.thread(), b.threads(), b.lane(), b.warp()      the thread, in one block
//   auto temp = shared_memory<T>(b, count);          a shared array, every access recorded
//   b.sync(__LINE__, d, offset);  // up-sweep        a barrier that ends a step: the step is named
//                                                    by the comment, shows the values after
//                                                    __LINE__, and lights this line in the listing
//   b.at(__LINE__);  // store                        marks a step without a barrier
//   Op op; op(temp[a], temp[b])                      the operator, reading left first
//   io.load(b, i), io.store(b, i, value), io.n       global input and output, bounds-checked
//
// Not allowed: global atomics, dynamic allocation, more than one block, threads that wait at a
// barrier others never reach (the emulation names the deadlock).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/hd.h"
#include "core/ops.h"
#include "core/shared_memory.h"

namespace scanscope::student {

// The run's global memory: n inputs, n outputs. The emulation checks every index and names the
// thread that went out of bounds instead of letting it write over the program.
template <class T>
struct ScanIO {
    const T* in;
    T* out;
    int n;
    bool inclusive;

    template <class Block>
    SS_HD T load(Block& b, int i) const {
        check(b, i, "reads in");
        return in[i];
    }
    template <class Block>
    SS_HD void store(Block& b, int i, T value) const {
        check(b, i, "writes out");
        out[i] = value;
    }

  private:
    template <class Block>
    SS_HD void check(Block& b, int i, const char* what) const {
#if defined(__CUDA_ARCH__)
        if (i < 0 || i >= n) __trap();
#else
        if (i < 0 || i >= n)
            throw std::out_of_range("thread " + std::to_string(b.thread()) + " " + what + "[" +
                                    std::to_string(i) + "], outside [0, " + std::to_string(n) +
                                    ")");
#endif
    }
};

}  // namespace scanscope::student

// Student files use these names unqualified.
using scanscope::AddOp;
using scanscope::MaxOp;
using scanscope::shared_memory;
using scanscope::student::ScanIO;
