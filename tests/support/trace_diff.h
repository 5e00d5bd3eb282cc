// The first place two traces differ, in words a person can act on.
#pragma once

#include <string>

#include "model/trace.h"

namespace scanscope::test {

// Empty when the traces are equal in everything but source and time.
std::string first_difference(const Trace& a, const Trace& b);

}  // namespace scanscope::test
