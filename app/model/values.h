// Showing and storing 32-bit value patterns as the numbers they are.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "core/capture_format.h"
#include "variants/run_request.h"

namespace scanscope {

inline ElementKind kind_of(ElementType type) {
    return type == ElementType::Float32 ? ElementKind::Float : ElementKind::Int;
}

// The kind of what a launch's globals and tile descriptors hold: the elements' own kind, except
// where the variant moves elements (compaction, split): there they are counts (the count kept,
// totalFalses, a look-back that counts kept elements), integers whatever the elements are.
ElementKind global_value_kind(const RunRequest& request);

// "25", "-3", "0.5", "-inf"; floats with the fewest digits that read back exactly.
std::string format_value(std::uint32_t bits, ElementKind kind);
// A finite float's shortest text that reads back as the same float, in std::to_chars's form
// (fixed or scientific, whichever is shorter). For libraries without to_chars of a float (the
// browser build's libc++ 14); tests hold it equal to std::to_chars.
std::string shortest_float_text(float f);

// JSON: integers as integers, floats as numbers, infinities and NaN as "inf", "-inf", "nan".
nlohmann::ordered_json value_to_json(std::uint32_t bits, ElementKind kind);
// Throws std::invalid_argument for anything else.
std::uint32_t value_from_json(const nlohmann::json& value, ElementKind kind);
// A JSON integer as int64; false for anything else, including integers from 2^63 up.
bool json_to_int64(const nlohmann::json& value, std::int64_t& out);

}  // namespace scanscope
