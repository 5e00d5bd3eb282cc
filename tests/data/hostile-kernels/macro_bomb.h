// A macro that expands to 2^32 copies of a declaration (the old compile step reached 3.16 GB in
// 8 s with no limit). The sandbox's memory limit stops the compiler.
#pragma once

#include "student/student_api.h"

#define SS_BOMB0(x) x x x x
#define SS_BOMB1(x) SS_BOMB0(SS_BOMB0(x))
#define SS_BOMB2(x) SS_BOMB1(SS_BOMB1(x))
#define SS_BOMB3(x) SS_BOMB2(SS_BOMB2(x))
#define SS_BOMB4(x) SS_BOMB3(SS_BOMB3(x))
SS_BOMB4(extern int boom;)

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
