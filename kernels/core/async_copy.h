// Copies from global into shared memory that a thread asks for now and waits for later, so that the
// loads of later tiles are in flight while it works on this one (Ampere's cp.async).
//
//   copy_ahead<4>(b, ring, at, in, first, n, fill);   // ask for in[first .. first + 3]
//   copies_sent(b);                                   // ... they make one group
//   wait_for_copies<2>(b);                            // all but the 2 newest groups have landed
//
// In the timed GPU kernel a whole, aligned 16-byte piece is one cp.async: the copy engine writes
// shared memory behind the thread's back. Turing (sm_75) has no cp.async: there the thread copies
// at once, as the capturing kernel does, and the groups and waits are empty. The capturing kernel
// and the emulation copy at once, element by element, with recorded writes: the trace shows the
// ring filling at the step that asked for it, and each thread reads back only what it copied
// itself, so the waits have nothing left to order there.
#pragma once

#include <cstdint>

#include "core/consecutive_io.h"
#include "core/hd.h"
#include "core/shared_memory.h"

namespace scanscope::kernels {

// Whether this compilation has Ampere's cp.async (the GPU code for sm_80 and later).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define SS_HAVE_CP_ASYNC 1
#else
#define SS_HAVE_CP_ASYNC 0
#endif

// to[at + v] = from[first + v] (or `fill` past n), for v < Vec, without waiting on the GPU.
template <int Vec, class T, class Block>
SS_HD_INLINE void copy_ahead(Block& b, const SharedArray<T, Block>& to, int at, const T* from,
                             int first, int n, T fill) {
#if SS_HAVE_CP_ASYNC
    if constexpr (!Block::recording && Vec == 4 && sizeof(T) == 4) {
        if (one_vector(from + first, first, n)) {
            const auto shared =
                static_cast<unsigned>(__cvta_generic_to_shared(to.unrecorded_address(at)));
            asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(shared),
                         "l"(from + first)
                         : "memory");
            return;
        }
    }
#endif
    (void)b;
    for (int v = 0; v < Vec; ++v)
        to[at + v] = first + v < n ? from[first + v] : fill;
}

// The copies asked for since the last call make one group.
template <class Block>
SS_HD_INLINE void copies_sent(Block& b) {
    (void)b;
#if SS_HAVE_CP_ASYNC
    if constexpr (!Block::recording) asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}

// Waits until at most `Pending` of this thread's newest groups are still in flight.
template <int Pending, class Block>
SS_HD_INLINE void wait_for_copies(Block& b) {
    (void)b;
#if SS_HAVE_CP_ASYNC
    if constexpr (!Block::recording)
        asm volatile("cp.async.wait_group %0;" ::"n"(Pending) : "memory");
#endif
}

// items[v] = from[at + v]: one 16-byte shared load in the timed GPU kernel, else Vec recorded
// reads.
template <int Vec, class T, class Block>
SS_HD_INLINE void read_consecutive(Block& b, const SharedArray<T, Block>& from, int at,
                                   T (&items)[Vec]) {
#if defined(__CUDA_ARCH__)
    if constexpr (!Block::recording && Vec == 4 && sizeof(T) == 4) {
        const auto shared =
            static_cast<unsigned>(__cvta_generic_to_shared(from.unrecorded_address(at)));
        std::uint32_t x, y, z, w;
        asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
                     : "r"(shared)
                     : "memory");
        items[0] = from_bits<T>(x);
        items[1] = from_bits<T>(y);
        items[2] = from_bits<T>(z);
        items[3] = from_bits<T>(w);
        return;
    }
#endif
    (void)b;
    for (int v = 0; v < Vec; ++v)
        items[v] = from[at + v];
}

}  // namespace scanscope::kernels
