// References for checking runs: std::inclusive_scan, std::exclusive_scan, std::reduce and
// std::copy_if (stream compaction), never ScanScope's own code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ops.h"
#include "variants/registry.h"
#include "variants/run_request.h"

namespace scanscope::test {

std::vector<std::uint32_t> int_bits(const std::vector<std::int32_t>& values);
std::vector<std::uint32_t> float_bits(const std::vector<float>& values);
std::vector<std::int32_t> as_ints(const std::vector<std::uint32_t>& bits);

// Random inputs wider than the app's teaching values: ints in [-1000, 1000], floats in [-1, 1].
std::vector<std::uint32_t> random_input(int n, ElementType type, std::uint64_t seed);

// Keys of all 32 bits at random (std::mt19937 from `seed`): as floats, negative ones, -0,
// subnormals and infinities, but no NaN (which std::stable_sort, the sort references, cannot
// order: a NaN's pattern becomes an infinity's).
std::vector<std::uint32_t> random_keys(int n, ElementType type, std::uint32_t seed);

// Exact int32 reference (wrap-around addition, as the GPU adds).
std::vector<std::int32_t> int_reference(const std::vector<std::int32_t>& input, OpKind op,
                                        Algorithm algorithm, bool inclusive);

// Empty when `output` is right: ints exactly; floats within the stated tolerance of a
// double-precision reference. For +, any order of float additions is within
// (n - 1) * 2^-24 * sum |x_i| of the exact sum (Higham, Accuracy and Stability, 4.2); max is exact.
std::string check_output(const std::vector<std::uint32_t>& input,
                         const std::vector<std::uint32_t>& output, ElementType type, OpKind op,
                         Algorithm algorithm, bool inclusive);

// A segmented scan: each segment (from a head flag of 1 to the next) against a scan of its own
// (check_output on the segment alone); heads[0] is taken as 1.
std::string check_segmented_output(const std::vector<std::uint32_t>& input,
                                   const std::vector<int>& heads,
                                   const std::vector<std::uint32_t>& output, ElementType type,
                                   OpKind op, bool inclusive);

// A summed-area table `width` wide: each entry against the sum (or max) of its rectangle,
// added up directly (ints exactly, floats within the bound above).
std::string check_summed_area_output(const std::vector<std::uint32_t>& input, int width,
                                     const std::vector<std::uint32_t>& output, ElementType type,
                                     OpKind op);

// A compaction by `rule`: the kept elements in order, then zeros.
std::string check_kept_output(const std::vector<std::uint32_t>& input,
                              const std::vector<std::uint32_t>& output, ElementType type,
                              const KeepRule& rule);

// Keys stably ordered by their low `bits` bits in value order (all 32: std::stable_sort by
// value); a split is one bit.
std::string check_sorted_output(const std::vector<std::uint32_t>& input,
                                const std::vector<std::uint32_t>& output, ElementType type,
                                int bits);

// A request for a summed-area variant's table of n entries, `width` wide (0: square).
RunRequest table_request(const std::string& variant, int n, int width, OpKind op = OpKind::Add);

// The check that fits the request's variant: a scan, reduction, compaction or split
// (check_output), a segmented scan with its heads, a summed-area table with its width.
std::string check_run(const RunRequest& request, const std::vector<std::uint32_t>& input,
                      const std::vector<std::uint32_t>& output);

}  // namespace scanscope::test
