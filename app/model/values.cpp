#include "model/values.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "core/bits.h"
#include "variants/registry.h"

namespace scanscope {

ElementKind global_value_kind(const RunRequest& request) {
    const VariantInfo* card = find_card(request);
    const bool moves =
        card && (card->algorithm == Algorithm::Compact || card->algorithm == Algorithm::Split);
    return moves ? ElementKind::Int : kind_of(request.type);
}

std::string format_value(std::uint32_t bits, ElementKind kind) {
    if (kind == ElementKind::Int) return std::to_string(from_bits<std::int32_t>(bits));
    const float f = from_bits<float>(bits);
    if (std::isnan(f)) return "nan";
    if (std::isinf(f)) return f < 0 ? "-inf" : "inf";
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 15000
    return shortest_float_text(f);
#else
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, f);  // shortest exact form
    return std::string(text, result.ptr);
#endif
}

std::string shortest_float_text(float f) {
    // The fewest significant digits that read back as f: d.ddd and a power of ten.
    char sci[32];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(sci, sizeof sci, "%.*e", digits - 1, double(f));
        if (std::strtof(sci, nullptr) == f) break;
    }
    const std::string text = sci;
    const bool negative = text[0] == '-';
    const std::size_t e = text.find('e');
    std::string mantissa;  // the digits, without the point or trailing zeros
    for (std::size_t i = negative ? 1 : 0; i < e; ++i)
        if (text[i] != '.') mantissa += text[i];
    while (mantissa.size() > 1 && mantissa.back() == '0')
        mantissa.pop_back();
    const int exponent = std::atoi(text.c_str() + e + 1);
    const std::string sign = negative ? "-" : "";
    if (mantissa == "0") return sign + "0";

    // std::to_chars's scientific form: d[.ddd]e+XX, at least two exponent digits.
    std::string scientific = sign + mantissa.substr(0, 1);
    if (mantissa.size() > 1) scientific += "." + mantissa.substr(1);
    char power[16];
    std::snprintf(power, sizeof power, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    scientific += power;
    // Its fixed form, the same digits.
    std::string fixed = sign;
    const int whole = exponent + 1;  // digits before the point
    if (whole <= 0) {
        fixed += "0." + std::string(std::size_t(-whole), '0') + mantissa;
    } else if (std::size_t(whole) >= mantissa.size()) {
        // A whole number: its exact digits (as std::to_chars prints it), not padding zeros.
        char exact[64];
        std::snprintf(exact, sizeof exact, "%.0f", std::fabs(double(f)));
        fixed += exact;
    } else {
        fixed += mantissa.substr(0, std::size_t(whole)) + "." + mantissa.substr(std::size_t(whole));
    }
    return fixed.size() <= scientific.size() ? fixed : scientific;  // a tie goes to fixed
}

nlohmann::ordered_json value_to_json(std::uint32_t bits, ElementKind kind) {
    if (kind == ElementKind::Int) return from_bits<std::int32_t>(bits);
    const float f = from_bits<float>(bits);
    if (std::isnan(f)) return "nan";
    if (std::isinf(f)) return f < 0 ? "-inf" : "inf";
    return double(f);
}

bool json_to_int64(const nlohmann::json& value, std::int64_t& out) {
    if (!value.is_number_integer()) return false;
    // JSON numbers from 2^63 up are unsigned; read as int64 they would wrap to negative.
    if (value.is_number_unsigned() &&
        value.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
        return false;
    out = value.get<std::int64_t>();
    return true;
}

std::uint32_t value_from_json(const nlohmann::json& value, ElementKind kind) {
    if (kind == ElementKind::Int) {
        std::int64_t v = 0;
        if (!json_to_int64(value, v)) {
            if (value.is_number_integer()) throw std::invalid_argument("integer outside int32");
            throw std::invalid_argument("expected an integer");
        }
        if (v < std::numeric_limits<std::int32_t>::min() ||
            v > std::numeric_limits<std::int32_t>::max())
            throw std::invalid_argument("integer outside int32");
        return to_bits(std::int32_t(v));
    }
    if (value.is_string()) {
        const std::string s = value.get<std::string>();
        if (s == "inf") return to_bits(std::numeric_limits<float>::infinity());
        if (s == "-inf") return to_bits(-std::numeric_limits<float>::infinity());
        if (s == "nan") return to_bits(std::numeric_limits<float>::quiet_NaN());
        throw std::invalid_argument("expected a number, \"inf\", \"-inf\" or \"nan\"");
    }
    if (!value.is_number()) throw std::invalid_argument("expected a number");
    return to_bits(float(value.get<double>()));
}

}  // namespace scanscope
