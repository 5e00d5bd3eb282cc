// Consistency checks on captured traces, for the emulation's tests and the GPU's.
#pragma once

#include <string>

#include "model/trace.h"

namespace scanscope::test {

// Every snapshot copied at a block barrier equals the state before the step with the step's
// recorded writes applied: the capture missed no write and recorded none that did not happen.
// (Not for racy steps where two threads write one word.)
std::string check_snapshots_follow_writes(const Trace& trace);

// The single-pass scan's descriptors: every tile publishes its aggregate (tile 0: only its
// prefix), then its inclusive prefix, with the right values; reads look only backwards and see
// only values that were published. For int32 addition.
std::string check_lookback(const Trace& trace);

}  // namespace scanscope::test
