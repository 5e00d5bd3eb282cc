// The up-sweep without its barrier: levels race (a hazard between warps at n = 64).
#pragma once

#include "student/student_api.h"

template <class T, class Op>
struct StudentScan {
    ScanIO<T> io;

    // Threads in the block for n elements (1 to 1024), and shared memory in elements.
    static int threads_for(int n) {
        int m = 2;
        while (m < n) m *= 2;
        return m / 2;
    }
    static int shared_elements(int n) { return 2 * threads_for(n); }

    template <class Block>
    void operator()(Block& b) const {
        const Op op;
        const int thid = b.thread();
        const int m = 2 * b.threads();
        auto temp = shared_memory<T>(b, m);

        b.at(__LINE__);  // load
        const T a_in = 2 * thid < io.n ? io.load(b, 2 * thid) : Op::identity();
        const T b_in = 2 * thid + 1 < io.n ? io.load(b, 2 * thid + 1) : Op::identity();
        temp[2 * thid] = a_in;
        temp[2 * thid + 1] = b_in;

        int offset = 1;
        for (int d = m / 2; d > 0; d /= 2) {
            b.at(__LINE__, d, offset);  // up-sweep (no barrier)
            if (thid < d) {
                const int left = offset * (2 * thid + 1) - 1;
                const int right = offset * (2 * thid + 2) - 1;
                temp[right] = op(temp[left], temp[right]);
            }
            offset *= 2;
        }

        b.sync(__LINE__);  // clear the root
        if (thid == 0) temp[m - 1] = Op::identity();

        for (int d = 1; d < m; d *= 2) {
            offset /= 2;
            b.sync(__LINE__, d, offset);  // down-sweep
            if (thid < d) {
                const int left = offset * (2 * thid + 1) - 1;
                const int right = offset * (2 * thid + 2) - 1;
                const T t = temp[left];
                temp[left] = temp[right];
                temp[right] = op(temp[right], t);
            }
        }

        b.sync(__LINE__);  // store
        const T a_out = temp[2 * thid];
        const T b_out = temp[2 * thid + 1];
        if (2 * thid < io.n) io.store(b, 2 * thid, io.inclusive ? Op::combine(a_out, a_in) : a_out);
        if (2 * thid + 1 < io.n)
            io.store(b, 2 * thid + 1, io.inclusive ? Op::combine(b_out, b_in) : b_out);
    }
};
