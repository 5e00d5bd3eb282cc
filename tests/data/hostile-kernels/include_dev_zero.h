// Includes /dev/zero: the compiler reads zeros without end (the old compile step reached 3.2 GB
// in 2 s with no limit). The sandbox's memory limit stops it.
#pragma once

#include "/dev/zero"
#include "student/student_api.h"

template <class T, class Op>
struct StudentScan {
    ScanIO<T> io;
    static int threads_for(int) { return 32; }
    static int shared_elements(int n) { return n; }
    template <class Block>
    void operator()(Block& b) const {
        b.sync(__LINE__);  // never reached
    }
};
