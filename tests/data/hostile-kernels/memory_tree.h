// Four processes of 700 MiB each: every one under a per-process limit of 2 GiB, the four over it.
#pragma once

#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cstdlib>

#include "student/student_api.h"

inline bool attack() {
    constexpr std::size_t kBytes = std::size_t(700) << 20;
    int filled[2];
    if (pipe(filled) != 0) return false;
    for (int i = 0; i < 4; ++i) {
        if (fork() != 0) continue;
        prctl(PR_SET_NAME, "ss-memory");
        close(filled[0]);
        // Huge pages where the kernel gives them: page by page, first touches of 2.8 GB took
        // 6-9 s on the CI machine, longer than the parent waited (the tree then ended under the
        // limit's count, unseen).
        void* block =
            mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (block == MAP_FAILED) _exit(1);
        madvise(block, kBytes, MADV_HUGEPAGE);
        // Written through a volatile pointer, page by page: every page resident.
        volatile char* bytes = static_cast<char*>(block);
        for (std::size_t at = 0; at < kBytes; at += 4096)
            bytes[at] = 1;
        const char done = 1;
        if (write(filled[1], &done, 1) != 1) _exit(1);
        sleep(30);
        _exit(0);
    }
    // Wait until the four are resident (or gone), then long enough to be counted.
    close(filled[1]);
    char done[4];
    for (std::size_t got = 0; got < sizeof done;) {
        const ssize_t n = read(filled[0], done + got, sizeof done - got);
        if (n <= 0) break;
        got += std::size_t(n);
    }
    sleep(2);
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
        for (int i = b.thread(); i < io.n; i += b.threads())
            temp[i] = io.load(b, i);
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
        for (int i = b.thread(); i < io.n; i += b.threads())
            io.store(b, i, temp[i]);
    }
};
