// What a step did, in the terms the views draw: words read, written, raced; and where each
// written value came from.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "model/trace.h"
#include "model/trace_queries.h"
#include "scenes/scene.h"

namespace scanscope {

// Where the reader is: which launch, which step (index within each block), which block, and how
// far the glide into this step has gone (0: just arrived, 1: settled).
struct Cursor {
    int launch = 0;
    int step = 0;
    int block = 0;
    float glide = 1.0f;
};

// A value's path: a written word and a word the same thread read before writing it (other than
// the word itself); values carried in registers show so.
struct Flow {
    std::uint32_t from_word;
    std::uint32_t to_word;
    int thread;
};

struct StepSummary {
    std::map<std::uint32_t, CellRole> roles;  // Read, Written or ReadWritten per word
    std::vector<Flow> flows;
    std::set<std::uint32_t> hazard_words;
    std::set<int> active_threads;    // threads that touched shared memory
    std::set<std::uint32_t> zeroed;  // words written with no source (e.g. the cleared root)
};

StepSummary summarize_step(const Step& step);

// Theme colours for each role.
Color role_fill(const Theme& theme, CellRole role);
Color mix(const Color& a, const Color& b, float t);
Color with_alpha(Color c, float alpha);
// Near-black or near-white, whichever reads on `fill`.
Color readable_on(const Color& fill);

}  // namespace scanscope
