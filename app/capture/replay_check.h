// Is a trace what its variant does on its input? A trace file can be edited "within range" so
// that it still agrees with itself (analysis/consistency.h): a block sum one too high where the
// steps were edited to match, a variant relabelled as another, a launch duplicated. For a
// built-in variant the check is exact: its emulation runs again on the trace's request and input
// (with the trace's schedule seed) and every launch, step, snapshot, access, buffer and event must
// be the same. What a GPU's schedule decides is left out where the trace came from a GPU: the
// order of the look-back's events and the tiles each block took (its descriptors' published
// values must still be the replay's, tile by tile), and the deliberate race's results. Student
// kernels are not replayed (the grader checks their traces when it makes them); their listing
// must be a kernel file whose card (model/student_card.h) is the trace's.
#pragma once

#include <string>

#include "model/trace.h"

namespace scanscope {

// Empty when the replay agrees; else the first difference, in a sentence.
std::string first_replay_difference(const Trace& trace);

}  // namespace scanscope
