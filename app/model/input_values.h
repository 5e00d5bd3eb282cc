// Inputs for a run: typed lists, files of numbers, seeded random values; and the checks that keep
// a picture from being silently wrong (NaN, infinities, int32 overflow).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "variants/registry.h"
#include "variants/run_request.h"

namespace scanscope {

class InputError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// "3,1,7,0" or "3 1 7 0" (commas, spaces, tabs, newlines); values as 32-bit patterns of `type`.
// Throws InputError naming the bad token and its position.
std::vector<std::uint32_t> parse_values(const std::string& text, ElementType type);
// A file of values: a regular file of at most kMaxValuesFileBytes (2^26 values of a few digits),
// refused before reading otherwise.
constexpr std::size_t kMaxValuesFileBytes = 512u << 20;
std::vector<std::uint32_t> read_values_file(const std::string& path, ElementType type);

// Small values that are easy to read on a projector: integers 0..9, or quarters from 0 to 9.75
// (exact in float32, so sums do not depend on the order of additions).
std::vector<std::uint32_t> random_values(int n, ElementType type, std::uint64_t seed);
// A segmented scan's heads when none are given: about one element in four starts a segment,
// from the seed (element 0 always does, unlisted).
std::vector<int> random_heads(int n, std::uint64_t seed);
// "0,3,6" or "3 6": where segments start. Throws InputError for anything but whole numbers.
std::vector<int> parse_heads(const std::string& text);

// Empty when the values suit the run; otherwise why not: a NaN, an infinity, int32 results that
// would wrap around (a summed-area table's every entry, at the request's width), or float32 sums
// that some order of additions would take to infinity.
std::string check_values(const std::vector<std::uint32_t>& values, const RunRequest& request,
                         Algorithm algorithm);

}  // namespace scanscope
