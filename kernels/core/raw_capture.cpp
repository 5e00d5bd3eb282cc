#include "core/raw_capture.h"

#include <algorithm>
#include <stdexcept>

namespace scanscope {

void check_launch_shape(const LaunchShape& s) {
    if (s.grid < 1) throw std::invalid_argument(s.name + ": a launch needs at least one block");
    if (s.block < 1 || s.block > 1024)
        throw std::invalid_argument(s.name + ": block size " + std::to_string(s.block) +
                                    " is outside 1 to 1024");
    if (s.shared_bytes % 4 != 0)
        throw std::invalid_argument(s.name + ": shared memory must be whole 4-byte words");
}

HostCaptureStorage::HostCaptureStorage(const LaunchShape& s, const CaptureCapacity& c)
    : shape(s), capacity(c), snapshot_words(s.shared_bytes / 4) {
    const std::size_t threads = std::size_t(s.grid) * s.block;
    records.resize(threads * c.records_per_thread);
    record_counts.assign(threads, 0);
    marks.assign(std::size_t(s.grid) * c.max_steps, StepMark{});
    step_counts.assign(std::size_t(s.grid), 0);
    snapshots.assign(std::size_t(s.grid) * c.max_steps * snapshot_words, 0);
    snapshot_taken.assign(std::size_t(s.grid) * c.max_steps, 0);
    events.resize(c.max_events);
    arrays.assign(kMaxSharedArrays, ArrayRecord{});
}

CaptureBuffers HostCaptureStorage::buffers() {
    CaptureBuffers b;
    b.records = records.data();
    b.record_counts = record_counts.data();
    b.records_per_thread = capacity.records_per_thread;
    b.marks = marks.data();
    b.step_counts = step_counts.data();
    b.max_steps = capacity.max_steps;
    b.snapshots = snapshots.data();
    b.snapshot_taken = snapshot_taken.data();
    b.snapshot_words = snapshot_words;
    b.events = events.data();
    b.event_count = &event_count;
    b.max_events = capacity.max_events;
    b.arrays = arrays.data();
    b.array_count = &array_count;
    b.overflow = &overflow_;
    return b;
}

CaptureCapacity HostCaptureStorage::grown() const {
    CaptureCapacity next = capacity;
    const std::uint32_t most =
        record_counts.empty() ? 0 : *std::max_element(record_counts.begin(), record_counts.end());
    if (overflow_ & kRecordsOverflow)
        next.records_per_thread = std::max(most, 2 * capacity.records_per_thread);
    if (overflow_ & kStepsOverflow) next.max_steps = 2 * capacity.max_steps;
    if (overflow_ & kEventsOverflow)
        next.max_events = std::max(event_count, 2 * capacity.max_events);
    return next;
}

RawLaunch HostCaptureStorage::to_raw() const {
    RawLaunch raw;
    raw.shape = shape;
    const std::size_t threads = std::size_t(shape.grid) * shape.block;
    raw.thread_records.resize(threads);
    for (std::size_t t = 0; t < threads; ++t) {
        const auto* first = records.data() + t * capacity.records_per_thread;
        raw.thread_records[t].assign(
            first, first + std::min(record_counts[t], capacity.records_per_thread));
    }
    raw.marks.resize(std::size_t(shape.grid));
    raw.snapshots.resize(std::size_t(shape.grid));
    for (std::size_t b = 0; b < std::size_t(shape.grid); ++b) {
        const std::uint32_t steps = std::min(step_counts[b], capacity.max_steps);
        const StepMark* m = marks.data() + b * capacity.max_steps;
        raw.marks[b].assign(m, m + steps);
        raw.snapshots[b].resize(steps);
        for (std::uint32_t s = 0; s < steps; ++s) {
            if (!snapshot_taken[b * capacity.max_steps + s]) continue;
            const std::uint32_t* w =
                snapshots.data() + (b * capacity.max_steps + s) * snapshot_words;
            raw.snapshots[b][s].assign(w, w + snapshot_words);
        }
    }
    raw.arrays.assign(arrays.begin(),
                      arrays.begin() + std::min<std::uint32_t>(array_count, kMaxSharedArrays));
    raw.events.assign(events.begin(), events.begin() + std::min(event_count, capacity.max_events));
    return raw;
}

std::size_t capture_bytes(const LaunchShape& s, const CaptureCapacity& c) {
    const std::size_t threads = std::size_t(s.grid) * s.block;
    const std::size_t block_steps = std::size_t(s.grid) * c.max_steps;
    return threads * (c.records_per_thread * sizeof(AccessRecord) + 4) +
           block_steps * (sizeof(StepMark) + 1 + s.shared_bytes) + c.max_events * sizeof(TileEvent);
}

}  // namespace scanscope
