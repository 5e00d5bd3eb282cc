// Includes /dev/stdin: the old compile step waited 120 s for it. In the sandbox stdin is /dev/null.
#pragma once

#include "/dev/stdin"
#include "student/student_api.h"

inline bool attack() { return false; }

template <class T, class Op>
struct StudentScan {
    ScanIO<T> io;

    // 2000 threads: no block has them, so an attack that got through shows in the row.
    static int threads_for(int) { return attack() ? 2000 : 32; }
    static int shared_elements(int n) { return n; }

    template <class Block>
    void operator()(Block& b) const {
        auto temp = shared_memory<T>(b, io.n);
        for (int i = b.thread(); i < io.n; i += b.threads()) temp[i] = io.load(b, i);
        b.sync(__LINE__);  // load
        if (b.thread() == 0) {
            T sum = Op::identity();
            for (int i = 0; i < io.n; ++i) {
                const T v = temp[i];
                temp[i] = io.inclusive ? Op::combine(sum, v) : sum;
                sum = Op::combine(sum, v);
            }
        }
        b.sync(__LINE__);  // scan
        for (int i = b.thread(); i < io.n; i += b.threads()) io.store(b, i, temp[i]);
    }
};
