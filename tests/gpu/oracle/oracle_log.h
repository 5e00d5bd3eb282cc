// What the Compute Sanitizer oracle's patches write while the unmodified kernel runs: every shared
// store, with the number of block barriers its thread had passed (its step), read back by the GPU
// test that rebuilds the kernel's shared memory after each barrier (test_gpu_sanitizer_oracle.cpp).
#pragma once

#include <cstdint>

namespace scanscope::oracle {

struct SharedStore {
    std::uint32_t block;
    std::uint32_t thread;
    std::uint32_t step;    // block barriers the thread had passed before the store
    std::uint32_t offset;  // byte offset in the block's shared memory
    std::uint32_t bytes;   // 1 to 16
    std::uint32_t atomic;  // 1: a read-modify-write, whose new value the sanitizer does not report
    std::uint32_t value[4];
};

struct StoreLog {
    std::uint32_t count;  // stores made; more than capacity: the rest were not kept
    std::uint32_t capacity;
    std::uint32_t not_shared;  // accesses whose address was not a shared one (should stay 0)
    std::uint32_t threads;     // grid size times block size: the length of `barriers`
    std::uint32_t* barriers;   // per thread (block * blockDim + thread): barriers passed
    SharedStore* stores;
};

}  // namespace scanscope::oracle
