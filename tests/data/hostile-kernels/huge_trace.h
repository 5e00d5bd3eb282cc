// Sends back 40 MiB where a trace goes, then fills its scratch folder.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <string>

#include "student/student_api.h"

inline bool attack() {
    const std::string mib(1 << 20, (char)123);
    for (int i = 0; i < 40; ++i)
        if (write(3, mib.data(), mib.size()) < 0) break;
    if (FILE* f = std::fopen("big.bin", "w")) {
        for (int i = 0; i < 300; ++i)
            if (std::fwrite(mib.data(), 1, mib.size(), f) != mib.size()) break;
        std::fclose(f);
    }
    return false;
}

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
