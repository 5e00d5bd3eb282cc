// The associative operators a scan or reduction combines with. Any associative operator with an
// identity works; ScanScope ships + and max to show it.
//
// An operator reads its arguments in a fixed order, left first: given shared-memory elements,
// op(x[a], x[b]) reads x[a], then x[b]. C++ leaves the order of a + b's operands open, and the
// trace must record the same access order whichever compiler built the code (nvcc for the GPU,
// g++ for the emulation).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/hd.h"

namespace scanscope {

enum class OpKind : std::uint8_t { Add, Max };

template <class T>
struct AddOp {
    static constexpr OpKind kind = OpKind::Add;
    SS_HD_INLINE static T identity() { return T(0); }
    SS_HD_INLINE static T combine(T left, T right) {
        if constexpr (std::is_integral<T>::value) {
            // Two's-complement wrap-around, as the GPU does; signed overflow is undefined in C++.
            using U = typename std::make_unsigned<T>::type;
            return static_cast<T>(static_cast<U>(left) + static_cast<U>(right));
        } else {
            return left + right;
        }
    }
    template <class A, class B>
    SS_HD_INLINE T operator()(const A& a, const B& b) const {
        const T left = a;
        const T right = b;
        return combine(left, right);
    }
};

template <class T>
struct MaxOp {
    static constexpr OpKind kind = OpKind::Max;
    SS_HD_INLINE static T identity() {
        if constexpr (std::is_integral<T>::value)
            return std::numeric_limits<T>::lowest();
        else
            return -std::numeric_limits<T>::infinity();
    }
    SS_HD_INLINE static T combine(T left, T right) { return right > left ? right : left; }
    template <class A, class B>
    SS_HD_INLINE T operator()(const A& a, const B& b) const {
        const T left = a;
        const T right = b;
        return combine(left, right);
    }
};

}  // namespace scanscope
