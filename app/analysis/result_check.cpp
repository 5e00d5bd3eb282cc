#include "analysis/result_check.h"

#include <algorithm>
#include <cmath>

#include "core/bits.h"
#include "core/ops.h"
#include "model/values.h"
#include "variants/registry.h"

namespace scanscope {
namespace {

template <class T, class Op>
std::vector<std::uint32_t> loop(const RunRequest& r, const std::vector<std::uint32_t>& input) {
    T acc = Op::identity();
    std::vector<std::uint32_t> out;
    const bool reduce = card_of(r).algorithm == Algorithm::Reduce;
    // A segmented scan starts again at each head (none listed: one segment).
    const std::vector<int> heads = head_flags(r);
    out.reserve(reduce ? 1 : input.size());
    for (std::size_t i = 0; i < input.size(); ++i) {
        if (i < heads.size() && heads[i]) acc = Op::identity();
        const std::uint32_t bits = input[i];
        const T next = Op::combine(acc, from_bits<T>(bits));
        if (!reduce) out.push_back(to_bits(r.inclusive ? next : acc));
        acc = next;
    }
    if (reduce) out.push_back(to_bits(acc));
    return out;
}

// A summed-area table: each entry the rows' and columns' running op, entry by entry.
template <class T, class Op>
std::vector<std::uint32_t> summed_area(const RunRequest& r,
                                       const std::vector<std::uint32_t>& input) {
    const std::size_t width = std::size_t(table_width(r));
    std::vector<T> table(input.size());
    T row = Op::identity();  // this row's part up to x
    for (std::size_t k = 0; k < input.size(); ++k) {
        const std::size_t x = k % width;
        row = x == 0 ? from_bits<T>(input[k]) : Op::combine(row, from_bits<T>(input[k]));
        // table[k - width] holds the rectangle above.
        table[k] = k >= width ? Op::combine(table[k - width], row) : row;
    }
    std::vector<std::uint32_t> out;
    for (const T& v : table)
        out.push_back(to_bits(v));
    return out;
}

// Stream compaction: the elements the request's rule keeps, in order, then zeros (a fresh
// output).
template <class T>
std::vector<std::uint32_t> kept(const RunRequest& r, const std::vector<std::uint32_t>& input) {
    const Keep<T> keep(r.keep);
    std::vector<std::uint32_t> out;
    for (std::uint32_t bits : input)
        if (keep(from_bits<T>(bits))) out.push_back(bits);
    out.resize(input.size(), to_bits(T(0)));
    return out;
}

// A split or radix sort: the keys stably ordered by their low sort_bits bits in value order. A
// counting sort a byte at a time, lowest first (O(n): a benchmark checks 2^28 keys).
template <class T>
std::vector<std::uint32_t> sorted(const RunRequest& r, const std::vector<std::uint32_t>& input) {
    const int bits = sort_bits(r);
    std::vector<std::uint32_t> keys = input, spare(input.size());
    for (int shift = 0; shift < bits; shift += 8) {
        const std::uint32_t mask = bits - shift >= 8 ? 0xffu : (1u << (bits - shift)) - 1u;
        const auto digit = [&](std::uint32_t key) {
            return (radix_bits(from_bits<T>(key)) >> shift) & mask;
        };
        std::vector<std::size_t> start(257, 0);
        for (std::uint32_t key : keys)
            ++start[digit(key) + 1];
        for (std::size_t d = 1; d < start.size(); ++d)
            start[d] += start[d - 1];
        for (std::uint32_t key : keys)
            spare[start[digit(key)]++] = key;
        keys.swap(spare);
    }
    return keys;
}

}  // namespace

std::vector<std::uint32_t> sequential_result(const RunRequest& r,
                                             const std::vector<std::uint32_t>& input) {
    if (card_of(r).algorithm == Algorithm::Split)
        return r.type == ElementType::Int32 ? sorted<std::int32_t>(r, input)
                                            : sorted<float>(r, input);
    if (card_of(r).algorithm == Algorithm::SummedArea) {
        if (r.type == ElementType::Int32)
            return r.op == OpKind::Add ? summed_area<std::int32_t, AddOp<std::int32_t>>(r, input)
                                       : summed_area<std::int32_t, MaxOp<std::int32_t>>(r, input);
        return r.op == OpKind::Add ? summed_area<float, AddOp<float>>(r, input)
                                   : summed_area<float, MaxOp<float>>(r, input);
    }
    if (card_of(r).algorithm == Algorithm::Compact)
        return r.type == ElementType::Int32 ? kept<std::int32_t>(r, input) : kept<float>(r, input);
    if (r.type == ElementType::Int32)
        return r.op == OpKind::Add ? loop<std::int32_t, AddOp<std::int32_t>>(r, input)
                                   : loop<std::int32_t, MaxOp<std::int32_t>>(r, input);
    return r.op == OpKind::Add ? loop<float, AddOp<float>>(r, input)
                               : loop<float, MaxOp<float>>(r, input);
}

std::string check_result(const RunRequest& r, const std::vector<std::uint32_t>& input,
                         const std::vector<std::uint32_t>& output) {
    const std::vector<std::uint32_t> want = sequential_result(r, input);
    if (output.size() != want.size())
        return "the output has " + std::to_string(output.size()) + " values, expected " +
               std::to_string(want.size());
    const bool reduce = want.size() == 1 && input.size() != 1;
    const bool moves = card_of(r).algorithm == Algorithm::Compact ||
                       card_of(r).algorithm == Algorithm::Split;  // moved, never added
    double abs_sum = 0;
    std::size_t next = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        // Integers, maxima and kept elements are exact; float sums within rounding.
        if (r.type == ElementType::Int32 || r.op == OpKind::Max || moves) {
            if (output[i] != want[i])
                return "element " + std::to_string(i) + " is " +
                       format_value(output[i], kind_of(r.type)) + ", expected " +
                       format_value(want[i], kind_of(r.type));
            continue;
        }
        // (A summed-area entry sums a rectangle whose elements all come at or before it.)
        const bool with_own = r.inclusive || card_of(r).algorithm == Algorithm::SummedArea;
        const std::size_t upto = reduce ? input.size() : (with_own ? i + 1 : i);
        while (next < upto)
            abs_sum += std::fabs(double(from_bits<float>(input[next++])));
        const double terms = double(upto);
        const double tolerance = 2.0 * std::max(terms - 1.0, 1.0) * std::ldexp(1.0, -24) * abs_sum;
        const double got = from_bits<float>(output[i]), expected = from_bits<float>(want[i]);
        if (!(std::fabs(got - expected) <= tolerance))
            return "element " + std::to_string(i) + " is " +
                   format_value(output[i], ElementKind::Float) + ", the sequential loop gives " +
                   format_value(want[i], ElementKind::Float);
    }
    return {};
}

}  // namespace scanscope
