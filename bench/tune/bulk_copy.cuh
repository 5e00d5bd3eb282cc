// Hopper's bulk copies (cp.async.bulk, the Tensor Memory Accelerator) for the tuning probes: one
// thread moves a whole piece between global and shared memory; an mbarrier counts the bytes that
// landed.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace scanscope::bulk {

__device__ __forceinline__ unsigned shared_address(const void* p) {
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// An mbarrier whose phase ends when `arrivals` threads have arrived (and its bytes have landed).
__device__ __forceinline__ void barrier_init(std::uint64_t* bar, unsigned arrivals = 1) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(shared_address(bar)), "r"(arrivals)
                 : "memory");
}
__device__ __forceinline__ void barrier_arrive(std::uint64_t* bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(shared_address(bar)) : "memory");
}
// Arrives on `bar` and tells it that `bytes` more will land before its phase ends.
__device__ __forceinline__ void expect_bytes(std::uint64_t* bar, unsigned bytes) {
    asm volatile(
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(bar)),
        "r"(bytes)
        : "memory");
}
__device__ __forceinline__ void bulk_commit() {
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}
__device__ __forceinline__ void bulk_load(void* to, const void* from, unsigned bytes,
                                          std::uint64_t* bar) {
    expect_bytes(bar, bytes);
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
            "r"(shared_address(to)),
        "l"(from), "r"(bytes), "r"(shared_address(bar))
        : "memory");
}
__device__ __forceinline__ void barrier_wait(std::uint64_t* bar, unsigned parity) {
    asm volatile(
        "{\n .reg .pred done;\n WAIT_%=:\n"
        " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
        " @!done bra WAIT_%=;\n}" ::"r"(shared_address(bar)),
        "r"(parity)
        : "memory");
}
__device__ __forceinline__ void bulk_store(void* to, const void* from, unsigned bytes) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(to),
                 "r"(shared_address(from)), "r"(bytes)
                 : "memory");
    bulk_commit();
}
// A 2D box of a tensor map (the address of a __grid_constant__ CUtensorMap) whose corner is column
// x, row y, into shared memory (`bytes` the box's size) and back out of it.
__device__ __forceinline__ void tensor_load_2d(void* to, const void* map, int x, int y,
                                               std::uint64_t* bar, unsigned bytes) {
    expect_bytes(bar, bytes);
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
        " [%0], [%1, {%2, %3}], [%4];" ::"r"(shared_address(to)),
        "l"(map), "r"(x), "r"(y), "r"(shared_address(bar))
        : "memory");
}
__device__ __forceinline__ void tensor_store_2d(const void* map, int x, int y, const void* from) {
    asm volatile(
        "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];" ::"l"(map),
        "r"(x), "r"(y), "r"(shared_address(from))
        : "memory");
    bulk_commit();
}
template <int Pending>
__device__ __forceinline__ void bulk_stores_read() {
    asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(Pending) : "memory");
}

}  // namespace scanscope::bulk
