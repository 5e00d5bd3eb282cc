// Sends back, as its own, the trace of the built-in blelloch on the input the grader gave it
// (ScanScope itself, run on the request file, with the variant renamed to this file): the
// grade would read "correct, same as blelloch" for a kernel whose own output is wrong.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include "student/student_api.h"

inline bool attack() {
    const char* script =
        "input=$(sed -e \"s/.*\\\"input\\\":\\\\[\\\\([^]]*\\\\)\\\\].*/\\\\1/\" request.json); "
        "inclusive=--exclusive; grep -q \"\\\"inclusive\\\":true\" request.json && "
        "inclusive=--inclusive; "
        "/proc/$PPID/exe capture --variant blelloch --device cpu --input \"$input\" "
        "$inclusive --out forged.json >/dev/null && "
        "sed -e \"s#\\\"blelloch\\\"#\\\"student/forged_trace\\\"#g\" forged.json >&3";
    if (fork() == 0) {
        execl("/bin/sh", "sh", "-c", script, static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    wait(&status);
    _exit(0);  // before the kernel runs: the parent sees exit code 0 and the forged trace
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
        for (int i = b.thread(); i < io.n; i += b.threads()) io.store(b, i, T(0));
    }
};
