#include "model/values.h"

#include <charconv>
#include <cmath>
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
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, f);  // shortest exact form
    return std::string(text, result.ptr);
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
