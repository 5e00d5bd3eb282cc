// Shared-memory arrays for kernels written once for the GPU and the CPU emulation.
//
//   auto temp = shared_memory<T>(b, 2 * n);   // carve an array from the block's shared memory
//   temp[bi] = op(temp[ai], temp[bi]);        // reads temp[ai], reads temp[bi], writes temp[bi]
//
// temp[i] is a reference that reads when converted to T and writes when assigned. The block
// decides what else happens: nothing in the timed GPU kernel, a trace record in the capturing
// kernel, a record and a hand-over to the next lane in the emulation (so a warp's lanes take
// each access in lockstep, as SIMT hardware does). The index carries the source line of the
// access, which names the instruction in the trace.
//
// Accesses go through a volatile pointer so that the compiler issues exactly the loads and stores
// the source shows, in its order: the bank-conflict figures predicted from the source must match
// what the hardware counts.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/bits.h"
#include "core/capture_format.h"
#include "core/hd.h"

namespace scanscope {

// An index that remembers where in the source it was written (see the note above).
struct SharedIndex {
    int value;
    std::uint16_t line;
    SS_HD_INLINE SharedIndex(int v, int l = __builtin_LINE())
        : value(v), line(static_cast<std::uint16_t>(l)) {}
};

// *word = update(*word), atomically on the GPU (a compare-and-swap loop over the word's bits);
// the emulation runs one thread at a time. Returns the old value. For students' atomics.
template <class T, class F>
SS_HD_INLINE T atomic_update_word(volatile T* word, F update) {
    static_assert(sizeof(T) == 4, "atomics on 4-byte words");
#if defined(__CUDA_ARCH__)
    unsigned* bits = reinterpret_cast<unsigned*>(const_cast<T*>(word));
    unsigned seen = *reinterpret_cast<volatile unsigned*>(bits), expected = 0;
    do {
        expected = seen;
        seen = atomicCAS(bits, expected, to_bits(update(from_bits<T>(expected))));
    } while (seen != expected);
    return from_bits<T>(seen);
#else
    const T old = *word;
    *word = update(old);
    return old;
#endif
}

template <class T, class Block>
class SharedRef {
  public:
    SS_HD_INLINE SharedRef(Block& block, volatile T* element, std::uint32_t address,
                           std::uint8_t array, std::uint16_t line)
        : block_(block), element_(element), address_(address), array_(array), line_(line) {}

    SS_HD_INLINE operator T() const {
        const T value = *element_;
        block_.on_shared_access(AccessKind::Read, line_, array_, address_, to_bits(value));
        return value;
    }
    SS_HD_INLINE const SharedRef& operator=(T value) const {
        *element_ = value;
        block_.on_shared_access(AccessKind::Write, line_, array_, address_, to_bits(value));
        return *this;
    }
    // x[a] = x[b]: read x[b], then write x[a].
    SS_HD_INLINE const SharedRef& operator=(const SharedRef& other) const {
        const T value = other;
        return *this = value;
    }
    // An atomic read-modify-write (a student's atomicAdd on shared memory): atomic on the GPU,
    // recorded as the read of the old value and the write of the new. Returns the old value.
    template <class F>
    SS_HD_INLINE T atomic_update(F update) const {
        const T old = atomic_update_word(element_, update);
        block_.on_shared_access(AccessKind(kAtomicAccess | std::uint8_t(AccessKind::Read)), line_,
                                array_, address_, to_bits(old));
        block_.on_shared_access(AccessKind(kAtomicAccess | std::uint8_t(AccessKind::Write)), line_,
                                array_, address_, to_bits(update(old)));
        return old;
    }

    // A counter's atomicAdd (a histogram's bins), recorded as the read of the old value and the
    // write of the new. The timed kernel, which uses no old value, makes it a reduction
    // (red.shared.add): one instruction, nothing returned.
    SS_HD_INLINE void atomic_add(T amount) const {
        static_assert(sizeof(T) == 4 && std::is_integral_v<T>, "a 4-byte integer counter");
#if defined(__CUDA_ARCH__)
        if constexpr (!Block::recording) {
            const unsigned at = unsigned(__cvta_generic_to_shared(const_cast<T*>(element_)));
            asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(at), "r"(unsigned(amount))
                         : "memory");
            return;
        }
        const T old = atomicAdd(const_cast<T*>(element_), amount);
#else
        const T old = *element_;
        *element_ = T(old + amount);
#endif
        block_.on_shared_access(AccessKind(kAtomicAccess | std::uint8_t(AccessKind::Read)), line_,
                                array_, address_, to_bits(old));
        block_.on_shared_access(AccessKind(kAtomicAccess | std::uint8_t(AccessKind::Write)), line_,
                                array_, address_, to_bits(T(old + amount)));
    }

  private:
    Block& block_;
    volatile T* element_;
    std::uint32_t address_;
    std::uint8_t array_;
    std::uint16_t line_;
};

// No arithmetic or comparison directly on shared references: C++ leaves the order of the two
// reads in x[a] + x[b] open, and the trace must not depend on the compiler. Read into a variable,
// or combine through an operator, op(x[a], x[b]), which reads left first.
#define SS_NO_SHARED_OPERATOR(op)                                \
    template <class T, class B, class U>                         \
    void operator op(const SharedRef<T, B>&, const U&) = delete; \
    template <class T, class B, class U>                         \
    void operator op(const U&, const SharedRef<T, B>&) = delete; \
    template <class T, class B>                                  \
    void operator op(const SharedRef<T, B>&, const SharedRef<T, B>&) = delete;
SS_NO_SHARED_OPERATOR(+)
SS_NO_SHARED_OPERATOR(-)
SS_NO_SHARED_OPERATOR(*)
SS_NO_SHARED_OPERATOR(/)
SS_NO_SHARED_OPERATOR(<)
SS_NO_SHARED_OPERATOR(>)
SS_NO_SHARED_OPERATOR(<=)
SS_NO_SHARED_OPERATOR(>=)
SS_NO_SHARED_OPERATOR(==)
SS_NO_SHARED_OPERATOR(!=)
#undef SS_NO_SHARED_OPERATOR

template <class T, class Block>
class SharedArray {
  public:
    SS_HD_INLINE SharedArray(Block& block, T* base, std::uint32_t offset, int count,
                             std::uint8_t id)
        : block_(block), base_(base), offset_(offset), count_(count), id_(id) {}

    SS_HD_INLINE SharedRef<T, Block> operator[](SharedIndex index) const {
        block_.check_shared_index(index.value, count_, index.line);
        return SharedRef<T, Block>(block_, base_ + index.value,
                                   offset_ + std::uint32_t(index.value) * std::uint32_t(sizeof(T)),
                                   id_, index.line);
    }
    SS_HD_INLINE int size() const { return count_; }
    // The array's parts, for a view that records each access itself through operator[] (a
    // student's plain CUDA kernel: kernels/student/cuda_shim.h).
    SS_HD_INLINE T* storage() const { return base_; }
    SS_HD_INLINE std::uint32_t byte_offset() const { return offset_; }
    SS_HD_INLINE std::uint8_t id() const { return id_; }
    // Element i's address, for the copies and vector loads of the timed GPU kernel, which the
    // hardware makes without a recorded access (cp.async, ld.shared.v4). A recording block (the
    // capture, the emulation, every student's kernel) has no such address: each shared access it
    // makes goes through operator[], so each is in the trace.
    SS_HD_INLINE T* unrecorded_address(int i) const {
        static_assert(!Block::recording,
                      "a recording block hands out no shared-memory pointer: use temp[i], so that "
                      "every access is in the trace");
        return base_ + i;
    }

  private:
    Block& block_;
    T* base_;
    std::uint32_t offset_;  // bytes from the start of the block's dynamic shared memory
    int count_;
    std::uint8_t id_;
};

// The block's next shared array of `count` elements of T.
template <class T, class Block>
SS_HD_INLINE SharedArray<T, Block> shared_memory(Block& block, int count) {
    return block.template allocate_shared<T>(count);
}

// An array that only some shapes of a kernel carve: where Carve is false, none (and none in the
// trace), so that the other shapes' shared memory stays as it was.
struct NoSharedArray {};
template <bool Carve, class T, class Block>
SS_HD_INLINE auto shared_memory_if(Block& block, int count) {
    if constexpr (Carve) {
        return shared_memory<T>(block, count);
    } else {
        (void)block;
        (void)count;
        return NoSharedArray{};
    }
}

}  // namespace scanscope
