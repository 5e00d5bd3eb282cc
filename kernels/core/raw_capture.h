// A captured launch as it comes back from the GPU or the emulation, before app/model assembles it
// into a Trace. Host memory only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/capture_format.h"
#include "core/launch_shape.h"

namespace scanscope {

struct RawGlobal {
    std::string name;
    int element_bytes = 4;
    std::vector<std::uint64_t> values;  // bits, widened
};

// A block barrier its threads reached from different lines (a barrier inside divergent code): the
// emulation pairs them as the hardware does, by arrival, and notes where each thread was.
struct RawBarrierSplit {
    int block = 0;
    int step = 0;                      // the step the barrier ended
    std::vector<std::uint16_t> lines;  // each thread's barrier line; 0: the thread had finished
};

struct RawLaunch {
    LaunchShape shape;
    std::vector<std::vector<AccessRecord>> thread_records;           // [block * threads + thread]
    std::vector<std::vector<StepMark>> marks;                        // [block][step]
    std::vector<std::vector<std::vector<std::uint32_t>>> snapshots;  // [block][step], empty: none
    std::vector<ArrayRecord> arrays;
    std::vector<TileEvent> events;  // in the order they were logged
    std::vector<RawGlobal> globals;
    std::vector<RawBarrierSplit> barrier_splits;  // the emulation's, the first of each block
    // Empty, or why the kernel stopped (the emulation's error); the launch then holds the blocks
    // up to the one that stopped, that block's last step being where it stopped.
    std::string stopped;
};

struct RawCapture {
    std::vector<RawLaunch> launches;
};

struct CaptureCapacity {
    std::uint32_t records_per_thread = 64;
    std::uint32_t max_steps = 64;
    std::uint32_t max_events = 4096;
};

// Host arrays laid out like the device buffers. The emulation writes them directly; the GPU
// launcher copies its device buffers into them.
class HostCaptureStorage {
  public:
    HostCaptureStorage(const LaunchShape& shape, const CaptureCapacity& capacity);

    CaptureBuffers buffers();  // host pointers into the arrays below
    std::uint32_t overflow() const { return overflow_; }
    // Capacities that fit what this attempt saw (counts keep counting past the capacity).
    CaptureCapacity grown() const;
    RawLaunch to_raw() const;

    // The arrays, public so the GPU launcher can copy into them.
    LaunchShape shape;
    CaptureCapacity capacity;
    std::uint32_t snapshot_words = 0;
    std::vector<AccessRecord> records;
    std::vector<std::uint32_t> record_counts;
    std::vector<StepMark> marks;
    std::vector<std::uint32_t> step_counts;
    std::vector<std::uint32_t> snapshots;
    std::vector<std::uint8_t> snapshot_taken;
    std::vector<TileEvent> events;
    std::uint32_t event_count = 0;
    std::vector<ArrayRecord> arrays;
    std::uint32_t array_count = 0;
    std::uint32_t overflow_ = 0;
};

// Total bytes a capture of `shape` with `capacity` needs (host and device alike).
std::size_t capture_bytes(const LaunchShape& shape, const CaptureCapacity& capacity);

// Captures are for teaching sizes; beyond this the capture refuses with a message.
constexpr std::size_t kMaxCaptureBytes = std::size_t(3) << 30;

}  // namespace scanscope
