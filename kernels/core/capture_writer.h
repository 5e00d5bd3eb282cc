// Writing raw records into CaptureBuffers: one implementation for the capturing GPU kernel and
// the emulation, so both lay records out identically.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/capture_format.h"
#include "core/hd.h"

namespace scanscope {

SS_HD_INLINE void flag_overflow(const CaptureBuffers& c, std::uint32_t bit) {
#if defined(__CUDA_ARCH__)
    atomicOr(c.overflow, bit);
#else
    *c.overflow |= bit;
#endif
}

// Appends to `thread`'s log; `count` keeps counting past the capacity so the host can size the
// retry.
SS_HD_INLINE void write_access(const CaptureBuffers& c, std::uint32_t thread, std::uint32_t& count,
                               const AccessRecord& record) {
    if (count < c.records_per_thread)
        c.records[std::size_t(thread) * c.records_per_thread + count] = record;
    else if (count == c.records_per_thread)
        flag_overflow(c, kRecordsOverflow);
    ++count;
}

SS_HD_INLINE bool step_fits(const CaptureBuffers& c, std::uint32_t step) {
    if (step < c.max_steps) return true;
    flag_overflow(c, kStepsOverflow);
    return false;
}

template <class... V>
SS_HD_INLINE StepMark make_mark(std::uint16_t line, StepBoundary boundary, V... vars) {
    static_assert(sizeof...(V) <= kMaxStepVars, "a step shows at most three variables");
    StepMark mark{line,
                  static_cast<std::uint8_t>(boundary),
                  static_cast<std::uint8_t>(sizeof...(V)),
                  {0, 0, 0}};
    int i = 0;
    ((mark.vars[i++] = static_cast<std::int32_t>(vars)), ...);
    return mark;
}

SS_HD_INLINE void write_mark(const CaptureBuffers& c, std::uint32_t block, std::uint32_t step,
                             const StepMark& mark) {
    if (step_fits(c, step)) c.marks[std::size_t(block) * c.max_steps + step] = mark;
}

SS_HD_INLINE void write_array(const CaptureBuffers& c, std::uint32_t id, const ArrayRecord& array) {
    if (id < kMaxSharedArrays) {
        c.arrays[id] = array;
        if (*c.array_count < id + 1) *c.array_count = id + 1;
    }
}

SS_HD_INLINE void write_event(const CaptureBuffers& c, std::uint32_t slot, const TileEvent& event) {
    if (slot < c.max_events)
        c.events[slot] = event;
    else
        flag_overflow(c, kEventsOverflow);
}

}  // namespace scanscope
