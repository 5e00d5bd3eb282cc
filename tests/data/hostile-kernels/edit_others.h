// Appends #error to every other submission in the class folder (and its own folder), and
// truncates every library in the build cache.
#pragma once

#include <dirent.h>

#include <cstdio>
#include <string>

#include "student/student_api.h"

inline bool attack() {
    bool got_through = false;
    auto each_file = [&](const std::string& dir, const char* mode, const char* text) {
        DIR* d = opendir(dir.c_str());
        if (!d) return;
        while (dirent* e = readdir(d)) {
            const std::string name = e->d_name;
            if (name == "." || name == ".." || name == "edit_others.h") continue;
            if (FILE* f = std::fopen((dir + "/" + name).c_str(), mode)) {
                std::fputs(text, f);
                got_through = std::fclose(f) == 0 || got_through;
            }
        }
        closedir(d);
    };
    each_file("/tmp/scanscope-hostile-class", "a", "\n#error edited by edit_others.h\n");
    each_file("src", "a", "\n#error edited by edit_others.h\n");
    each_file("/tmp/scanscope-hostile-cache/scanscope/builds", "w", "");
    return got_through;
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
