// Read/write hazards between threads within a step, found from a trace: what compute-sanitizer's
// racecheck calls hazards. Two threads of a block touching the same shared word between two
// barriers, at least one writing, is a hazard: nothing orders the two accesses.
#pragma once

#include <cstdint>
#include <vector>

#include "model/trace.h"

namespace scanscope {

struct Hazard {
    int launch = 0;
    int block = 0;
    int step = 0;                                   // index within the block
    std::uint32_t address = 0;                      // bytes into shared memory
    bool write_write = false;                       // else a read and a write
    int writer = 0;                                 // thread indices in the block
    int other = 0;                                  // the reader (or the second writer)
    std::uint16_t writer_line = 0, other_line = 0;  // the source lines of the two accesses
    // Between two warps: nothing orders them. Inside one warp the lanes of an instruction move
    // together, so a read issued before a write still sees the old value.
    bool across_warps() const { return writer / 32 != other / 32; }
};

// At most `limit` hazards are listed per step (the counts are exact).
struct HazardReport {
    std::vector<Hazard> hazards;
    std::size_t total = 0;
    std::size_t between_warps = 0;  // of the total
};

HazardReport find_hazards(const Trace& trace, std::size_t limit_per_step = 64);

// "thread 3 (warp 0) reads temp[1] at line 30 while thread 2 (warp 0) writes it at line 31"
std::string hazard_sentence(const Trace& trace, const Hazard& h);
// Hazards of one step only.
std::vector<Hazard> step_hazards(const Trace& trace, int launch, int step_index);

}  // namespace scanscope
