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
    int focus_warp = 0;  // the warp the reader follows (presenter mode draws what it does large)
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

// What a step is about, for one warp (presenter mode draws it large): the words its lanes wrote,
// and the words those writes read; where it wrote nothing, the words it read. A warp that did
// nothing in the step gives way to the first one that did.
struct StepFocus {
    int warp = 0;
    std::set<std::uint32_t> written;
    std::set<std::uint32_t> read;
    bool everything = false;  // a small array: every cell is in focus
    bool contains(std::uint32_t word) const { return written.count(word) || read.count(word); }
};
// `small_array`: the array has 32 elements or fewer.
StepFocus step_focus(const Step& step, int warp, bool small_array);

// Theme colours for each role.
Color role_fill(const Theme& theme, CellRole role);
Color mix(const Color& a, const Color& b, float t);
Color with_alpha(Color c, float alpha);
// Near-black or near-white, whichever reads on `fill`.
Color readable_on(const Color& fill);

}  // namespace scanscope
