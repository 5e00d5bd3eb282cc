// What a compaction keeps: the elements that are not 0 (the default), the even ones, or those
// above a threshold. One rule for the kernels, their CPU emulation, CUB's runs beside them and the
// checks, so that all of them keep the same elements.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "core/hd.h"

namespace scanscope {

enum class KeepKind : std::uint8_t { NonZero, Even, Above };

// The request's rule, for any element type.
struct KeepRule {
    KeepKind kind = KeepKind::NonZero;
    double threshold = 0;  // Above: keep x > threshold
    bool operator==(const KeepRule& o) const {
        return kind == o.kind && (kind != KeepKind::Above || threshold == o.threshold);
    }
};

// The rule on elements of type T, as the kernels hold it.
template <class T>
struct Keep {
    KeepKind kind = KeepKind::NonZero;
    T threshold = T(0);

    Keep() = default;
    explicit Keep(const KeepRule& rule) : kind(rule.kind), threshold(T(rule.threshold)) {}

    // NaN is kept by "not 0" (NaN != 0), never by the others.
    SS_HD bool operator()(T x) const {
        switch (kind) {
            case KeepKind::Even:
                return is_even(x);
            case KeepKind::Above:
                return x > threshold;
            default:
                return !(x == T(0));
        }
    }

    // Calls f once with a predicate of this rule's kind alone, so that a loop inside f tests the
    // elements without asking which rule it is each time.
    template <class F>
    SS_HD void visit(F&& f) const {
        const T t = threshold;
        switch (kind) {
            case KeepKind::Even:
                return f([](T x) { return is_even(x); });
            case KeepKind::Above:
                return f([t](T x) { return x > t; });
            default:
                return f([](T x) { return !(x == T(0)); });
        }
    }

    SS_HD static bool is_even(T x) {
        if constexpr (std::is_integral<T>::value) {
            return (x & 1) == 0;
        } else {
            return x == T(2) * floor_of(x / T(2));  // an even whole number
        }
    }

  private:
    SS_HD static T floor_of(T x) {
#if defined(__CUDA_ARCH__)
        return T(::floor(double(x)));
#else
        return T(std::floor(double(x)));
#endif
    }
};

}  // namespace scanscope
