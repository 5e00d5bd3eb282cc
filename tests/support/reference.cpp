#include "support/reference.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>

namespace scanscope::test {
namespace {

// Exact, bit for bit: the first element that differs, or a length that does; empty if none.
std::string first_bit_difference(const std::vector<std::uint32_t>& want,
                                 const std::vector<std::uint32_t>& output) {
    std::ostringstream why;
    for (std::size_t i = 0; i < want.size() && i < output.size(); ++i)
        if (output[i] != want[i]) {
            why << "element " << i << " is bits " << output[i] << ", expected " << want[i];
            return why.str();
        }
    if (output.size() != want.size())
        why << "output has " << output.size() << " values, expected " << want.size();
    return why.str();
}

template <class T>
std::uint32_t bits_of(T v) {
    std::uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
}

template <class T>
T value_of(std::uint32_t b) {
    T v;
    std::memcpy(&v, &b, 4);
    return v;
}

std::int32_t wrap_add(std::int32_t a, std::int32_t b) {
    return std::int32_t(std::uint32_t(a) + std::uint32_t(b));
}

}  // namespace

std::vector<std::uint32_t> int_bits(const std::vector<std::int32_t>& values) {
    std::vector<std::uint32_t> b;
    for (std::int32_t v : values)
        b.push_back(bits_of(v));
    return b;
}

std::vector<std::uint32_t> float_bits(const std::vector<float>& values) {
    std::vector<std::uint32_t> b;
    for (float v : values)
        b.push_back(bits_of(v));
    return b;
}

std::vector<std::int32_t> as_ints(const std::vector<std::uint32_t>& bits) {
    std::vector<std::int32_t> v;
    for (std::uint32_t b : bits)
        v.push_back(value_of<std::int32_t>(b));
    return v;
}

std::vector<std::uint32_t> random_input(int n, ElementType type, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<int> ints(-1000, 1000);
    std::uniform_real_distribution<float> floats(-1.0f, 1.0f);
    std::vector<std::uint32_t> v(static_cast<std::size_t>(n));
    for (auto& x : v)
        x = type == ElementType::Int32 ? bits_of(std::int32_t(ints(random)))
                                       : bits_of(floats(random));
    return v;
}

std::vector<std::uint32_t> random_keys(int n, ElementType type, std::uint32_t seed) {
    std::mt19937 random{seed};
    std::vector<std::uint32_t> keys(static_cast<std::size_t>(n));
    for (std::uint32_t& k : keys) {
        k = random();
        if (type == ElementType::Float32 && (k & 0x7f800000u) == 0x7f800000u) k &= 0xff800000u;
    }
    return keys;
}

std::vector<std::int32_t> int_reference(const std::vector<std::int32_t>& in, OpKind op,
                                        Algorithm algorithm, bool inclusive) {
    auto combine = [op](std::int32_t a, std::int32_t b) {
        return op == OpKind::Add ? wrap_add(a, b) : std::max(a, b);
    };
    const std::int32_t identity =
        op == OpKind::Add ? 0 : std::numeric_limits<std::int32_t>::lowest();
    if (algorithm == Algorithm::Reduce)
        return {std::reduce(in.begin(), in.end(), identity, combine)};
    std::vector<std::int32_t> out(in.size());
    if (inclusive)
        std::inclusive_scan(in.begin(), in.end(), out.begin(), combine);
    else
        std::exclusive_scan(in.begin(), in.end(), out.begin(), identity, combine);
    return out;
}

std::string check_output(const std::vector<std::uint32_t>& input,
                         const std::vector<std::uint32_t>& output, ElementType type, OpKind op,
                         Algorithm algorithm, bool inclusive) {
    std::ostringstream why;
    // A segmented scan with no heads given is one segment: a scan (check_segmented_output takes
    // the heads).
    if (algorithm == Algorithm::SegmentedScan) algorithm = Algorithm::Scan;
    if (algorithm == Algorithm::Split) return check_sorted_output(input, output, type, 1);
    if (algorithm == Algorithm::Compact) return check_kept_output(input, output, type, KeepRule{});
    const std::size_t expected_size = algorithm == Algorithm::Reduce ? 1 : input.size();
    if (output.size() != expected_size) {
        why << "output has " << output.size() << " values, expected " << expected_size;
        return why.str();
    }
    if (type == ElementType::Int32) {
        const auto want = int_reference(as_ints(input), op, algorithm, inclusive);
        const auto got = as_ints(output);
        for (std::size_t i = 0; i < want.size(); ++i)
            if (got[i] != want[i]) {
                why << "element " << i << " is " << got[i] << ", expected " << want[i];
                return why.str();
            }
        return {};
    }
    std::vector<double> x;
    for (std::uint32_t b : input)
        x.push_back(double(value_of<float>(b)));
    std::vector<double> want(x.size()), abs_sums(x.size());
    auto combine = [op](double a, double b) { return op == OpKind::Add ? a + b : std::max(a, b); };
    const double identity = op == OpKind::Add ? 0.0 : -INFINITY;
    double acc = identity, abs_acc = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!inclusive) want[i] = acc, abs_sums[i] = abs_acc;
        acc = combine(acc, x[i]);
        abs_acc += std::fabs(x[i]);
        if (inclusive) want[i] = acc, abs_sums[i] = abs_acc;
    }
    if (algorithm == Algorithm::Reduce) {
        want = {acc};
        abs_sums = {abs_acc};
    }
    const double u = std::ldexp(1.0, -24);
    for (std::size_t i = 0; i < want.size(); ++i) {
        const double got = double(value_of<float>(output[i]));
        const double terms = algorithm == Algorithm::Reduce ? double(x.size()) : double(i + 1);
        const double tolerance =
            op == OpKind::Add ? std::max(terms - 1, 1.0) * u * abs_sums[i] : 0.0;
        if (!(std::fabs(got - want[i]) <= tolerance) && !(got == want[i])) {
            why << "element " << i << " is " << got << ", expected " << want[i] << " within "
                << tolerance;
            return why.str();
        }
    }
    return {};
}

std::string check_segmented_output(const std::vector<std::uint32_t>& input,
                                   const std::vector<int>& heads,
                                   const std::vector<std::uint32_t>& output, ElementType type,
                                   OpKind op, bool inclusive) {
    if (output.size() != input.size() || heads.size() != input.size())
        return "output has " + std::to_string(output.size()) + " values, expected " +
               std::to_string(input.size());
    for (std::size_t start = 0; start < input.size();) {
        std::size_t end = start + 1;
        while (end < input.size() && !heads[end])
            ++end;
        const auto part = [&](const std::vector<std::uint32_t>& v) {
            return std::vector<std::uint32_t>(v.begin() + std::ptrdiff_t(start),
                                              v.begin() + std::ptrdiff_t(end));
        };
        const std::string problem =
            check_output(part(input), part(output), type, op, Algorithm::Scan, inclusive);
        if (!problem.empty())
            return "in the segment from " + std::to_string(start) + ": " + problem;
        start = end;
    }
    return {};
}

std::string check_summed_area_output(const std::vector<std::uint32_t>& input, int width,
                                     const std::vector<std::uint32_t>& output, ElementType type,
                                     OpKind op) {
    const std::size_t n = input.size(), w = std::size_t(width);
    if (output.size() != n || w == 0 || n % w != 0)
        return "output has " + std::to_string(output.size()) + " values for a table " +
               std::to_string(width) + " wide, expected " + std::to_string(n);
    // Each entry's rectangle by inclusion and exclusion, in int64 and double, a row at a time:
    // R(x, y) = v + R(x - 1, y) + R(x, y - 1) - R(x - 1, y - 1), and for max the larger of v and
    // the two rectangles before (not the rows-then-columns order the kernels take).
    struct Rect {
        std::int64_t int_sum = 0;
        std::int32_t int_max = std::numeric_limits<std::int32_t>::min();
        double sum = 0, abs_sum = 0, max = -INFINITY;
    };
    std::vector<Rect> above(w), here(w);
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t x = k % w, y = k / w;
        const std::uint32_t b = input[k];
        const Rect none;
        const Rect& left = x > 0 ? here[x - 1] : none;
        const Rect& up = y > 0 ? above[x] : none;
        const Rect& corner = x > 0 && y > 0 ? above[x - 1] : none;
        Rect& r = here[x];
        if (type == ElementType::Int32) {
            r.int_sum = std::int32_t(b) + left.int_sum + up.int_sum - corner.int_sum;
            r.int_max = std::max({std::int32_t(b), left.int_max, up.int_max});
        } else {
            const double v = double(value_of<float>(b));
            r.sum = v + left.sum + up.sum - corner.sum;
            r.abs_sum = std::fabs(v) + left.abs_sum + up.abs_sum - corner.abs_sum;
            r.max = std::max({v, left.max, up.max});
        }
        const Rect entry = r;
        if (x + 1 == w) std::swap(above, here);  // the row done is the next one's above
        std::ostringstream why;
        if (type == ElementType::Int32) {
            const std::int32_t want =
                op == OpKind::Add ? std::int32_t(std::uint32_t(entry.int_sum)) : entry.int_max;
            if (std::int32_t(output[k]) != want) {
                why << "entry (" << x << ", " << y << ") is " << std::int32_t(output[k])
                    << ", expected " << want;
                return why.str();
            }
            continue;
        }
        // A float entry is a chain of about x + y additions (a row, then a column) and a few
        // tree levels; each rounds by at most half an ulp of what it adds up to.
        const double got = double(value_of<float>(output[k]));
        const double terms = double(x + y) + 64.0;
        const double tolerance =
            op == OpKind::Max ? 0.0 : 2.0 * terms * std::ldexp(1.0, -24) * entry.abs_sum;
        const double want = op == OpKind::Add ? entry.sum : entry.max;
        if (!(std::fabs(got - want) <= tolerance)) {
            why << "entry (" << x << ", " << y << ") is " << got << ", expected " << want;
            return why.str();
        }
    }
    return {};
}

std::string check_kept_output(const std::vector<std::uint32_t>& input,
                              const std::vector<std::uint32_t>& output, ElementType type,
                              const KeepRule& rule) {
    // std::copy_if with the rule written out here: x % 2 == 0 (a whole even number for floats),
    // x > the threshold (as a value of the element type), x != 0; then zeros.
    auto keeps = [&](std::uint32_t b) {
        const bool ints = type == ElementType::Int32;
        const double x = ints ? double(std::int32_t(b)) : double(value_of<float>(b));
        const double threshold = ints ? rule.threshold : double(float(rule.threshold));
        if (rule.kind == KeepKind::Even) return std::fmod(x, 2.0) == 0.0;
        if (rule.kind == KeepKind::Above) return x > threshold;
        return x != 0.0;
    };
    std::vector<std::uint32_t> want;
    std::copy_if(input.begin(), input.end(), std::back_inserter(want), keeps);
    want.resize(input.size(), 0u);
    return first_bit_difference(want, output);
}

std::string check_sorted_output(const std::vector<std::uint32_t>& input,
                                const std::vector<std::uint32_t>& output, ElementType type,
                                int bits) {
    std::vector<std::uint32_t> want = input;
    if (bits >= 32) {
        // std::stable_sort by value (-0 before +0, as their patterns order them).
        std::stable_sort(want.begin(), want.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (type == ElementType::Int32) return std::int32_t(a) < std::int32_t(b);
            const float x = value_of<float>(a), y = value_of<float>(b);
            return x < y || (x == y && std::signbit(x) && !std::signbit(y));
        });
    } else {
        // std::stable_sort by the low bits of the pattern in value order: a negative float's
        // pattern turned over (larger magnitudes are smaller); an int's low bits as they are.
        const std::uint32_t mask = (1u << bits) - 1u;
        auto low = [&](std::uint32_t b) {
            const bool negative_float = type == ElementType::Float32 && (b >> 31) != 0;
            return (negative_float ? ~b : b) & mask;
        };
        std::stable_sort(want.begin(), want.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return low(a) < low(b); });
    }
    return first_bit_difference(want, output);
}

std::string check_run(const RunRequest& r, const std::vector<std::uint32_t>& input,
                      const std::vector<std::uint32_t>& output) {
    const VariantInfo& v = *find_variant(r.variant);
    if (v.algorithm == Algorithm::SegmentedScan)
        return check_segmented_output(input, head_flags(r), output, r.type, r.op, r.inclusive);
    if (v.algorithm == Algorithm::SummedArea)
        return check_summed_area_output(input, table_width(r), output, r.type, r.op);
    if (v.algorithm == Algorithm::Compact) return check_kept_output(input, output, r.type, r.keep);
    if (takes_key_bits(v.id))
        return check_sorted_output(input, output, r.type, r.key_bits ? r.key_bits : 32);
    return check_output(input, output, r.type, r.op, v.algorithm, r.inclusive);
}

RunRequest table_request(const std::string& variant, int n, int width, OpKind op) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.width = width;
    r.op = op;
    return r;
}

}  // namespace scanscope::test
