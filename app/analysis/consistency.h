// Does a trace agree with itself? A trace replayed from a file is shown as what ran, so before it
// is shown it is checked: every step's shared memory equals the step before it with the step's
// recorded writes applied; every recorded read saw what memory held; every look-back read saw a
// value some tile published; and the output is the operator applied to the input (ints exactly,
// floats within the error any order of additions may make; not for the deliberate race, whose
// output is whatever the race gave). A trace edited "within range" fails one of these, except
// where the edit changes nothing checkable (the last input of an exclusive scan, which no output
// depends on).
#pragma once

#include <string>

#include "model/trace.h"

namespace scanscope {

// Empty when consistent; else the first inconsistency, naming the launch, block, step (as the
// window numbers it) and shared word or element.
std::string first_inconsistency(const Trace& trace);

}  // namespace scanscope
