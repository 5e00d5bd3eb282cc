// Forks 200 processes that each touch 16 MiB and wait.
#pragma once

#include <sys/prctl.h>
#include <unistd.h>

#include <cstdlib>

#include "student/student_api.h"

inline bool attack() {
    for (int i = 0; i < 200; ++i) {
        const pid_t child = fork();
        if (child < 0) break;
        if (child == 0) {
            prctl(PR_SET_NAME, "ss-flood");
            volatile char* block = static_cast<char*>(std::malloc(16 << 20));
            for (int at = 0; block && at < (16 << 20); at += 4096) block[at] = 1;
            sleep(30);
            _exit(0);
        }
    }
    sleep(3);  // long enough to be counted
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
