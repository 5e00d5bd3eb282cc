// What a student's plain CUDA kernel compiles against once the front end has rewritten it
// (app/student/cuda_rewrite.cpp): the same file, line for line, with the kernel and its __device__
// helpers made templates over a block context `ss_b`, each __shared__ array made a recording view
// and each pointer parameter a bounds-checked view of global memory. The names CUDA gives
// (threadIdx, __syncthreads, __shfl_up_sync, atomicAdd...) become macros over `ss_b`, so the
// kernel text stays the student's. Compiled by the host compiler for the CPU emulation and by
// NVRTC for the GPU: the same source records the same trace.
//
// A shared element reads when its value is used and writes when assigned; `x[a] += x[b]` reads
// x[b], then x[a], then writes x[a], as the hardware does. Where one expression reads two shared
// words as operands (`x[a] + x[b]`), C++ leaves their order to the compiler.
#pragma once

#include <cstdint>

#include "core/bits.h"
#include "core/hd.h"
#include "core/shared_memory.h"
#include "student/cuda_buffers.h"

#if !defined(__CUDACC__) && !defined(__CUDACC_RTC__)
#include <cmath>
#include <stdexcept>
#include <string>
#endif

namespace scanscope::cuda {

struct Index3 {
    unsigned x, y, z;
};

// The block a rewritten kernel runs in, with what the launch gave it.
template <class B>
struct Context {
    using Block = B;
    B& b;
    int dynamic_shared_bytes;
    // Where extern __shared__ arrays start, once the first is made.
    unsigned char* dynamic_base = nullptr;
    std::uint32_t dynamic_offset = 0;
    std::uint8_t dynamic_id = 0;

    template <class... V>
    SS_HD_INLINE void sync(std::uint16_t line, V... vars) {
        b.sync(line, int(vars)...);
    }
    template <class... V>
    SS_HD_INLINE void sync_warp(std::uint16_t line, V... vars) {
        b.sync_warp(line, int(vars)...);
    }
    template <class... V>
    SS_HD_INLINE void at(std::uint16_t line, V... vars) {
        b.at(line, int(vars)...);
    }
};

template <class T>
SS_HD_INLINE const T& value_of(const T& v) {
    return v;
}

// Where a kernel writes `&x[i]` (atomics): the element itself.
template <class Element>
struct Address {
    Element element;
};

// Compound assignments read the right side first, then the element, then write it.
#define SS_CUDA_COMPOUND(OP)                                    \
    template <class U>                                          \
    SS_HD_INLINE const Self& operator OP##=(const U& v) const { \
        const auto rhs = value_of(v);                           \
        const T current = *this;                                \
        return *this = T(current OP rhs);                       \
    }
#define SS_CUDA_ELEMENT_OPS                                     \
    SS_CUDA_COMPOUND(+)                                         \
    SS_CUDA_COMPOUND(-)                                         \
    SS_CUDA_COMPOUND(*)                                         \
    SS_CUDA_COMPOUND(/)                                         \
    SS_CUDA_COMPOUND(%)                                         \
    SS_CUDA_COMPOUND(&)                                         \
    SS_CUDA_COMPOUND(|)                                         \
    SS_CUDA_COMPOUND(^)                                         \
    SS_CUDA_COMPOUND(<<)                                        \
    SS_CUDA_COMPOUND(>>)                                        \
    SS_HD_INLINE const Self& operator++() const {               \
        return *this += 1;                                      \
    }                                                           \
    SS_HD_INLINE const Self& operator--() const {               \
        return *this -= 1;                                      \
    }                                                           \
    SS_HD_INLINE T operator++(int) const {                      \
        const T old = *this;                                    \
        *this = T(old + 1);                                     \
        return old;                                             \
    }                                                           \
    SS_HD_INLINE T operator--(int) const {                      \
        const T old = *this;                                    \
        *this = T(old - 1);                                     \
        return old;                                             \
    }                                                           \
    SS_HD_INLINE Address<Self> operator&() const {              \
        return {*this};                                         \
    }                                                           \
    template <class U>                                          \
    SS_HD_INLINE T fetch(const U& v, int how) const {           \
        const T operand = T(value_of(v));                       \
        return atomic_update([operand, how](T old) {            \
            return how == 0   ? T(old + operand)                \
                   : how == 1 ? T(old - operand)                \
                   : how == 2 ? (old < operand ? operand : old) \
                   : how == 3 ? (operand < old ? operand : old) \
                              : operand;                        \
        });                                                     \
    }

// One word of a __shared__ array: every read and write is recorded, with its source line.
template <class T, class B>
class SharedElement {
  public:
    using Self = SharedElement;
    SS_HD_INLINE explicit SharedElement(SharedRef<T, B> ref) : ref_(ref) {}
    SS_HD_INLINE operator T() const { return ref_; }
    SS_HD_INLINE const SharedElement& operator=(T v) const {
        ref_ = v;
        return *this;
    }
    SS_HD_INLINE const SharedElement& operator=(const SharedElement& other) const {
        const T v = other;
        ref_ = v;
        return *this;
    }
    template <class F>
    SS_HD_INLINE T atomic_update(F update) const {
        return ref_.atomic_update(update);
    }
    SS_CUDA_ELEMENT_OPS

  private:
    SharedRef<T, B> ref_;
};

template <class T, class B>
SS_HD_INLINE T value_of(const SharedElement<T, B>& e) {
    return e;
}

// A __shared__ array, or a pointer into one (`volatile int* v = sdata;`).
template <class T, class B>
class SharedView {
  public:
    SS_HD_INLINE SharedView(B& block, T* base, std::uint32_t offset, int count, std::uint8_t id)
        : block_(&block), base_(base), offset_(offset), count_(count), id_(id) {}
    SS_HD_INLINE SharedElement<T, B> operator[](SharedIndex i) const {
        return SharedElement<T, B>(SharedArray<T, B>(*block_, base_, offset_, count_, id_)[i]);
    }
    SS_HD_INLINE SharedElement<T, B> operator*() const { return (*this)[SharedIndex(0)]; }
    SS_HD_INLINE SharedView operator+(int k) const {
        return SharedView(*block_, base_ + k, offset_ + std::uint32_t(k) * sizeof(T), count_ - k,
                          id_);
    }
    SS_HD_INLINE SharedView operator-(int k) const { return *this + (-k); }

  private:
    B* block_;
    T* base_;
    std::uint32_t offset_;
    int count_;
    std::uint8_t id_;
};

template <class T, class B>
SS_HD_INLINE SharedView<T, B> view_of(B& block, const SharedArray<T, B>& a) {
    return SharedView<T, B>(block, a.storage(), a.byte_offset(), a.size(), a.id());
}

// `__shared__ T name[count];`
template <class T, class B>
SS_HD_INLINE SharedView<T, B> shared_array(Context<B>& c, int count) {
    return view_of(c.b, c.b.template allocate_shared<T>(count));
}
// `extern __shared__ T name[];`: the launch's dynamic shared memory. Every such array in a kernel
// starts at the same place, as in CUDA.
template <class T, class B>
SS_HD_INLINE SharedView<T, B> extern_shared(Context<B>& c) {
    const int count = c.dynamic_shared_bytes / int(sizeof(T));
    if (!c.dynamic_base) {
        const SharedArray<T, B> a = c.b.template allocate_shared<T>(count);
        c.dynamic_base = reinterpret_cast<unsigned char*>(a.storage());
        c.dynamic_offset = a.byte_offset();
        c.dynamic_id = a.id();
    }
    return SharedView<T, B>(c.b, reinterpret_cast<T*>(c.dynamic_base), c.dynamic_offset, count,
                            c.dynamic_id);
}

// One element of global memory (not recorded: the trace is shared memory's).
template <class T>
class GlobalElement {
  public:
    using Self = GlobalElement;
    SS_HD_INLINE explicit GlobalElement(T* e) : e_(e) {}
    SS_HD_INLINE operator T() const { return *e_; }
    SS_HD_INLINE const GlobalElement& operator=(T v) const {
        *e_ = v;
        return *this;
    }
    SS_HD_INLINE const GlobalElement& operator=(const GlobalElement& other) const {
        const T v = other;
        *e_ = v;
        return *this;
    }
    // Atomic on the GPU; not recorded (global memory is not in the trace).
    template <class F>
    SS_HD_INLINE T atomic_update(F update) const {
        return atomic_update_word(e_, update);
    }
    SS_CUDA_ELEMENT_OPS

  private:
    T* e_;
};

template <class T>
SS_HD_INLINE T value_of(const GlobalElement<T>& e) {
    return e;
}

// A pointer parameter of the kernel: the buffer ScanScope allocated for it, bounds-checked. The
// emulation names the thread, the line and the index that leave it; the GPU stops the kernel.
template <class T, class B>
class Global {
  public:
    SS_HD_INLINE Global(T* base, int count, const char* name, B& block, int first = 0)
        : base_(base), count_(count), name_(name), block_(&block), first_(first) {}
    SS_HD_INLINE GlobalElement<T> operator[](SharedIndex i) const {
        check(i.value, i.line);
        return GlobalElement<T>(base_ + i.value);
    }
    SS_HD_INLINE GlobalElement<T> operator*() const { return (*this)[SharedIndex(0)]; }
    SS_HD_INLINE Global operator+(int k) const {
        return Global(base_ + k, count_ - k, name_, *block_, first_ + k);
    }
    SS_HD_INLINE Global operator-(int k) const { return *this + (-k); }

  private:
    SS_HD_INLINE void check(int i, int line) const {
#if defined(__CUDA_ARCH__)
        (void)line;
        if (i < 0 || i >= count_) __trap();
#elif defined(__CUDACC__) || defined(__CUDACC_RTC__)
        (void)i, (void)line;  // nvcc's host pass: the kernel never runs there
#else
        if (i < 0 || i >= count_)
            throw std::out_of_range("thread " + std::to_string(block_->thread()) + " of block " +
                                    std::to_string(block_->block()) + " indexes " + name_ + "[" +
                                    std::to_string(first_ + i) + "] at line " +
                                    std::to_string(line) + ", outside [0, " +
                                    std::to_string(first_ + count_) + ")");
#endif
    }

    T* base_;
    int count_;
    const char* name_;
    B* block_;
    int first_;
};

// A kernel's pointer parameter, as the front end rewrites its type.
template <class T, class C>
using GlobalOf = Global<T, typename C::Block>;

template <class B>
SS_HD_INLINE Index3 thread_idx(Context<B>& c) {
    return {unsigned(c.b.thread()), 0u, 0u};
}
template <class B>
SS_HD_INLINE Index3 block_idx(Context<B>& c) {
    return {unsigned(c.b.block()), 0u, 0u};
}
template <class B>
SS_HD_INLINE Index3 block_dim(Context<B>& c) {
    return {unsigned(c.b.threads()), 1u, 1u};
}
template <class B>
SS_HD_INLINE Index3 grid_dim(Context<B>& c) {
    return {unsigned(c.b.blocks()), 1u, 1u};
}

// Warp shuffles, with CUDA's width: lanes work in groups of `width`, and a lane whose source is
// outside its group gets its own value.
template <class B, class V>
SS_HD_INLINE auto shfl_sync(Context<B>& c, int line, unsigned, const V& v, int src,
                            int width = 32) {
    const int lane = c.b.lane(), group = lane - lane % width;
    return c.b.shfl(value_of(v), group + (src % width + width) % width, line);
}
template <class B, class V>
SS_HD_INLINE auto shfl_up_sync(Context<B>& c, int line, unsigned, const V& v, unsigned delta,
                               int width = 32) {
    const int lane = c.b.lane();
    const int src = lane % width >= int(delta) ? lane - int(delta) : lane;
    return c.b.shfl(value_of(v), src, line);
}
template <class B, class V>
SS_HD_INLINE auto shfl_down_sync(Context<B>& c, int line, unsigned, const V& v, unsigned delta,
                                 int width = 32) {
    const int lane = c.b.lane();
    const int src = lane % width + int(delta) < width ? lane + int(delta) : lane;
    return c.b.shfl(value_of(v), src, line);
}
template <class B, class V>
SS_HD_INLINE auto shfl_xor_sync(Context<B>& c, int line, unsigned, const V& v, int mask,
                                int width = 32) {
    const int lane = c.b.lane(), other = lane ^ mask;
    const int src = other / width <= lane / width ? other : lane;
    return c.b.shfl(value_of(v), src, line);
}
template <class B>
SS_HD_INLINE unsigned ballot_sync(Context<B>& c, unsigned, bool predicate) {
    return c.b.ballot(predicate);
}

// Atomics: on an element of shared or global memory, or on a thread's own variable.
template <class E, class V>
SS_HD_INLINE auto atomic(Address<E> a, const V& v, int how) {
    return a.element.fetch(v, how);
}
template <class T, class V>
SS_HD_INLINE T atomic(T* p, const V& v, int how) {
    const T old = *p, operand = T(value_of(v));
    *p = how == 0   ? T(old + operand)
         : how == 1 ? T(old - operand)
         : how == 2 ? (old < operand ? operand : old)
         : how == 3 ? (operand < old ? operand : old)
                    : operand;
    return old;
}

}  // namespace scanscope::cuda

#if !defined(__CUDACC__) && !defined(__CUDACC_RTC__)
// CUDA's keywords, for the host compiler.
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__
#define __constant__
#define __launch_bounds__(...)
#define __restrict__ __restrict
inline int min(int a, int b) {
    return b < a ? b : a;
}
inline int max(int a, int b) {
    return a < b ? b : a;
}
inline unsigned min(unsigned a, unsigned b) {
    return b < a ? b : a;
}
inline unsigned max(unsigned a, unsigned b) {
    return a < b ? b : a;
}
inline float min(float a, float b) {
    return std::fmin(a, b);
}
inline float max(float a, float b) {
    return std::fmax(a, b);
}
using std::fmaxf;
using std::fminf;
#endif

// The names CUDA gives, over the context every rewritten function takes as `ss_b`.
#define threadIdx (::scanscope::cuda::thread_idx(ss_b))
#define blockIdx (::scanscope::cuda::block_idx(ss_b))
#define blockDim (::scanscope::cuda::block_dim(ss_b))
#define gridDim (::scanscope::cuda::grid_dim(ss_b))
#define warpSize 32
#define __syncthreads() ss_b.sync(__LINE__)
#define __syncwarp(...) ss_b.sync_warp(__LINE__)
#define __shfl_sync(...) ::scanscope::cuda::shfl_sync(ss_b, __LINE__, __VA_ARGS__)
#define __shfl_up_sync(...) ::scanscope::cuda::shfl_up_sync(ss_b, __LINE__, __VA_ARGS__)
#define __shfl_down_sync(...) ::scanscope::cuda::shfl_down_sync(ss_b, __LINE__, __VA_ARGS__)
#define __shfl_xor_sync(...) ::scanscope::cuda::shfl_xor_sync(ss_b, __LINE__, __VA_ARGS__)
#define __ballot_sync(...) ::scanscope::cuda::ballot_sync(ss_b, __VA_ARGS__)
#define atomicAdd(p, v) ::scanscope::cuda::atomic(p, v, 0)
#define atomicSub(p, v) ::scanscope::cuda::atomic(p, v, 1)
#define atomicMax(p, v) ::scanscope::cuda::atomic(p, v, 2)
#define atomicMin(p, v) ::scanscope::cuda::atomic(p, v, 3)
#define atomicExch(p, v) ::scanscope::cuda::atomic(p, v, 4)
#define __threadfence()
#define __threadfence_block()
