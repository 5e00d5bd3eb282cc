// A variant captured on the CPU emulation, on the tests' random input (support/reference.h), as
// the tests that edit or replay traces start from.
#pragma once

#include <cstdint>
#include <string>

#include "model/trace.h"

namespace scanscope::test {

// `inclusive` applies to scans only; block_threads 0: the variant's default.
Trace captured_on_cpu(const std::string& variant, int n, ElementType type, bool inclusive,
                      int block_threads, std::uint64_t seed);

}  // namespace scanscope::test
