// Consistency checks on captured traces, for the emulation's tests and the GPU's.
#pragma once

#include <string>

#include "model/trace.h"

namespace scanscope::test {

// (That snapshots follow the recorded writes is the product's own check now:
// analysis/consistency.h, first_inconsistency.)

// The single-pass scan's descriptors: every tile publishes its aggregate (tile 0: only its
// prefix), then its inclusive prefix, with the right values; reads look only backwards and see
// only values that were published. For int32 addition, or a compaction's counts of kept elements.
std::string check_lookback(const Trace& trace);

// The single-pass summed-area table's descriptors, one for row y of strip s (at s * height + y),
// strips `strip_width` columns wide: strip 0 publishes only its prefix, the others their aggregate
// (the row's sum within the strip) and then their prefix (the row's sum up to the strip's end);
// reads look only left along the same row and see only published values. int32 addition.
std::string check_row_lookback(const Trace& trace, int width, int strip_width);

}  // namespace scanscope::test
