// Leaves 20 detached processes (a new session each, orphaned) that write files 3 s later, after
// the grade has moved on.
#pragma once

#include <sys/prctl.h>
#include <unistd.h>

#include <cstdio>

#include "student/student_api.h"

inline bool attack() {
    for (int i = 0; i < 20; ++i) {
        if (fork() != 0) continue;
        setsid();
        if (fork() == 0) {
            prctl(PR_SET_NAME, "ss-orphan");
            sleep(3);
            for (const char* path :
                 {"/tmp/scanscope-hostile-orphan", "/tmp/scanscope-hostile-class/orphan.txt"})
                if (FILE* f = std::fopen(path, "w")) std::fclose(f);
        }
        _exit(0);
    }
    return false;  // what it did shows after the grade
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
