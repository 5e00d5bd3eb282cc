#include "model/input_values.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>

#include "core/bits.h"
#include "core/uniform_int.h"
#include "platform/file_read.h"

namespace scanscope {
namespace {

bool space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool comma(char c) {
    return c == ',' || c == ';';
}

std::uint32_t parse_one(const std::string& token, ElementType type, std::size_t index) {
    // By position, never "value 3": in 3,1,x,0 that reads as the value 3.
    const std::string where = "'" + token + "', at position " + std::to_string(index + 1) + ",";
    errno = 0;
    char* end = nullptr;
    if (type == ElementType::Int32) {
        const long long v = std::strtoll(token.c_str(), &end, 10);
        if (end == token.c_str() || *end != '\0')
            throw InputError(where + " is not a number (an integer is expected)");
        if (errno == ERANGE || v < std::numeric_limits<std::int32_t>::min() ||
            v > std::numeric_limits<std::int32_t>::max())
            throw InputError(where + " does not fit in int32");
        return to_bits(std::int32_t(v));
    }
    const float v = std::strtof(token.c_str(), &end);
    if (end == token.c_str() || *end != '\0') throw InputError(where + " is not a number");
    if (std::isnan(v)) throw InputError(where + " is NaN; scans of NaN show nothing useful");
    if (std::isinf(v)) throw InputError(where + " is not a finite float32");
    // ERANGE without infinity is underflow: subnormals are valid float32 values; only a nonzero
    // value that rounds to zero is lost.
    if (errno == ERANGE && v == 0.0f)
        throw InputError(where + " is too small for float32 (it would round to 0)");
    return to_bits(v);
}

}  // namespace

std::vector<std::uint32_t> parse_values(const std::string& text, ElementType type) {
    // Values are separated by white space or by one comma (or semicolon) with optional white
    // space around it; two commas with nothing between them leave a value out, which is an error.
    std::vector<std::uint32_t> values;
    bool after_comma = false;  // a comma since the last value
    std::size_t i = 0;
    while (i < text.size()) {
        if (space(text[i])) {
            ++i;
            continue;
        }
        if (comma(text[i])) {
            if (values.empty() || after_comma)
                throw InputError("position " + std::to_string(values.size() + 1) +
                                 " is empty (a comma with no value before it)");
            after_comma = true;
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && !space(text[j]) && !comma(text[j]))
            ++j;
        values.push_back(parse_one(text.substr(i, j - i), type, values.size()));
        after_comma = false;
        i = j;
    }
    if (values.empty()) throw InputError("no values given (the input is empty)");
    if (after_comma)
        throw InputError("position " + std::to_string(values.size() + 1) +
                         " is empty (the input ends with a comma)");
    return values;
}

std::vector<std::uint32_t> read_values_file(const std::string& path, ElementType type) {
    std::string text;
    try {
        text = read_small_file(path, kMaxValuesFileBytes, "input file");
    } catch (const std::runtime_error& e) {
        throw InputError(e.what());
    }
    try {
        return parse_values(text, type);
    } catch (const InputError& e) {
        throw InputError("'" + path + "': " + e.what());
    }
}

std::vector<std::uint32_t> random_values(int n, ElementType type, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<std::uint32_t> values(std::size_t(std::max(n, 0)));
    for (auto& v : values)
        v = type == ElementType::Int32 ? to_bits(std::int32_t(uniform_int(random, 0, 9)))
                                       : to_bits(float(uniform_int(random, 0, 39)) / 4.0f);
    return values;
}

std::vector<int> random_heads(int n, std::uint64_t seed) {
    std::mt19937_64 random(seed ^ 0x5e61e7u);  // not the values' stream
    std::vector<int> heads;
    for (int i = 1; i < n; ++i)
        if (random() % 4 == 0) heads.push_back(i);
    return heads;
}

std::vector<int> parse_heads(const std::string& text) {
    std::vector<int> heads;
    std::size_t at = 0;
    while (at < text.size()) {
        if (text[at] == ',' || std::isspace(static_cast<unsigned char>(text[at]))) {
            ++at;
            continue;
        }
        const std::size_t end = text.find_first_of(", \t\n", at);
        const std::string word = text.substr(at, end == std::string::npos ? end : end - at);
        int head = 0;
        const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), head);
        if (ec != std::errc() || ptr != word.data() + word.size() || head < 0)
            throw InputError("segment head '" + word + "' is not a whole number");
        heads.push_back(head);
        at = end == std::string::npos ? text.size() : end;
    }
    return heads;
}

namespace {

// How far float32 sums may go: its largest value (rounding aside).
constexpr double kFloatSumLimit = double(std::numeric_limits<float>::max());

std::string float_sums_too_large(const std::vector<std::uint32_t>& values, Algorithm algorithm) {
    if (algorithm == Algorithm::Scan || algorithm == Algorithm::SegmentedScan) {
        // A scan adds runs of neighbours (a tree's subtrees, a tile, a look-back's aggregates):
        // the largest run either way (Kadane), exact enough in double.
        double high = 0, low = 0, worst = 0, worst_sum = 0;
        std::size_t worst_end = 0;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const double v = from_bits<float>(values[i]);
            high = std::max(high + v, v);
            low = std::min(low + v, v);
            if (std::max(high, -low) > worst) {
                worst = std::max(high, -low);
                worst_sum = high >= -low ? high : low;
                worst_end = i;
            }
        }
        if (worst <= kFloatSumLimit) return {};
        std::ostringstream why;
        why << "values next to each other, up to value " << worst_end + 1 << ", add up to "
            << worst_sum
            << ", beyond float32's largest (3.4e+38): their sum would be infinite (use smaller "
               "values)";
        return why.str();
    }
    // A reduction and a summed-area table add other sets (strided, rectangles): the positives
    // together, or the negatives, bound every one.
    double positives = 0, negatives = 0;
    for (std::uint32_t bits : values) {
        const double v = from_bits<float>(bits);
        (v > 0 ? positives : negatives) += v;
    }
    const double worst = std::max(positives, -negatives);
    if (worst <= kFloatSumLimit) return {};
    std::ostringstream why;
    why << "the " << (positives >= -negatives ? "positive" : "negative") << " values add up to "
        << (positives >= -negatives ? positives : negatives)
        << ", beyond float32's largest (3.4e+38): a sum of some of them could be infinite (use "
           "smaller values)";
    return why.str();
}

bool outside_int32(std::int64_t v) {
    return v > std::numeric_limits<std::int32_t>::max() ||
           v < std::numeric_limits<std::int32_t>::min();
}

// "`what` is `v`, outside int32: ...": a result the GPU would wrap around.
std::string wraps_around(const std::string& what, std::int64_t v) {
    return what + " is " + std::to_string(v) +
           ", outside int32: the GPU would wrap it around (use --type float, or smaller values)";
}

// A summed-area table's entries, each a sum of the rectangle up and left of it.
std::string table_entries_outside_int32(const std::vector<std::uint32_t>& values, int width) {
    std::vector<std::int64_t> above(std::size_t(width), 0);
    std::int64_t row = 0;  // the row's entries so far
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::size_t x = i % std::size_t(width);
        if (x == 0) row = 0;
        row += from_bits<std::int32_t>(values[i]);
        above[x] += row;
        if (outside_int32(above[x]))
            return wraps_around("the table's entry at row " +
                                    std::to_string(i / std::size_t(width) + 1) + ", column " +
                                    std::to_string(x + 1),
                                above[x]);
    }
    return {};
}

}  // namespace

std::string check_values(const std::vector<std::uint32_t>& values, const RunRequest& request,
                         Algorithm algorithm) {
    const bool sums = request.op == OpKind::Add && algorithm != Algorithm::Compact &&
                      algorithm != Algorithm::Split;
    if (request.type == ElementType::Float32) {
        for (std::size_t i = 0; i < values.size(); ++i) {
            const float f = from_bits<float>(values[i]);
            if (std::isnan(f)) return "value " + std::to_string(i + 1) + " is NaN";
            if (std::isinf(f)) return "value " + std::to_string(i + 1) + " is infinite";
        }
        return sums ? float_sums_too_large(values, algorithm) : std::string();
    }
    if (!sums) return {};
    if (algorithm == Algorithm::SummedArea && !values.empty())
        return table_entries_outside_int32(values, table_width(request));
    // Wrap-around addition is associative, so every algorithm gets the exact results whenever
    // the results themselves (the prefixes, a segment's prefixes, or the total) fit in int32.
    const bool segmented = algorithm == Algorithm::SegmentedScan;
    const std::vector<int> heads = segmented ? head_flags(request) : std::vector<int>();
    std::int64_t sum = 0;
    std::size_t from = 0;  // the segment's first value
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i < heads.size() && heads[i]) {
            sum = 0;
            from = i;
        }
        sum += from_bits<std::int32_t>(values[i]);
        const bool checked = algorithm == Algorithm::Scan || segmented || i + 1 == values.size();
        if (checked && outside_int32(sum))
            return wraps_around(
                "the sum up to value " + std::to_string(i + 1) +
                    (segmented ? " (of the segment from value " + std::to_string(from + 1) + ")"
                               : std::string()),
                sum);
    }
    return {};
}

}  // namespace scanscope
