// The raw records a capturing kernel writes, the same on the GPU (into device buffers, copied back
// once after the launch) and in the CPU emulation (into host memory). app/model assembles them
// into a Trace; docs in kernels/README.md.
#pragma once

#include <cstdint>

namespace scanscope {

enum class AccessKind : std::uint8_t { Read = 0, Write = 1, Shuffle = 2 };
// Set in AccessRecord::kind for the read and the write of one atomic read-modify-write.
constexpr std::uint8_t kAtomicAccess = 0x80;

// One thread's access to shared memory (or a shuffle: `address` is then the source lane).
struct AccessRecord {
    std::uint16_t step;  // the thread's count of barriers passed (block and warp barriers)
    std::uint16_t
        line;           // source line of the access: with the thread's order, names the instruction
    std::uint8_t kind;  // AccessKind
    std::uint8_t array;     // which shared array, in allocation order
    std::uint16_t bytes;    // access width
    std::uint32_t address;  // byte offset in the block's dynamic shared memory
    std::uint32_t value;    // bits of the value read, written or received
};
static_assert(sizeof(AccessRecord) == 16, "records are 16 bytes on host and device");

enum class StepBoundary : std::uint8_t { Start = 0, Block = 1, Warp = 2 };

// What the block's thread 0 says about a step: its pseudo-code line and live variables.
struct StepMark {
    std::uint16_t line;
    std::uint8_t boundary;   // StepBoundary that began the step
    std::uint8_t var_count;  // 0..3
    std::int32_t vars[3];
};
static_assert(sizeof(StepMark) == 16, "marks are 16 bytes on host and device");

// Decoupled look-back: tile descriptors and what happened to them.
enum class TileStatus : std::uint32_t { Invalid = 0, Aggregate = 1, Prefix = 2 };
enum class TileEventKind : std::uint16_t { Publish = 0, Read = 1 };

struct TileEvent {
    std::uint32_t tile;     // the tile acting
    std::uint32_t target;   // the tile whose descriptor was published or read
    std::uint16_t kind;     // TileEventKind
    std::uint16_t status;   // TileStatus seen or published
    std::uint32_t value;    // aggregate or inclusive prefix, as bits
    std::uint64_t time_ns;  // %globaltimer on the GPU; a logical clock in the emulation
};
static_assert(sizeof(TileEvent) == 24, "events are 24 bytes on host and device");

enum class ElementKind : std::uint16_t { Int = 0, Float = 1 };

// A shared array as allocated by block 0's thread 0.
struct ArrayRecord {
    std::uint32_t offset;  // bytes into dynamic shared memory
    std::uint32_t count;
    std::uint16_t element_bytes;
    std::uint16_t element_kind;  // ElementKind: how to show the words
};

template <class T>
constexpr ElementKind element_kind_of() {
    return T(0.5) != T(0) ? ElementKind::Float : ElementKind::Int;
}

constexpr int kMaxStepVars = 3;
constexpr int kMaxSharedArrays = 8;

// Overflow flags: the host retries with larger buffers.
enum CaptureOverflow : std::uint32_t {
    kRecordsOverflow = 1u << 0,
    kStepsOverflow = 1u << 1,
    kEventsOverflow = 1u << 2,
    kSharedOverflow = 1u << 3,  // a kernel asked for more shared memory than its launch gave
};

// Where a capturing launch writes (device pointers on the GPU, host pointers in the emulation).
struct CaptureBuffers {
    AccessRecord* records = nullptr;         // [thread][records_per_thread]
    std::uint32_t* record_counts = nullptr;  // [thread]
    std::uint32_t records_per_thread = 0;
    StepMark* marks = nullptr;             // [block][max_steps]
    std::uint32_t* step_counts = nullptr;  // [block]
    std::uint32_t max_steps = 0;
    std::uint32_t* snapshots = nullptr;      // [block][max_steps][snapshot_words]
    std::uint8_t* snapshot_taken = nullptr;  // [block][max_steps]
    std::uint32_t snapshot_words = 0;
    TileEvent* events = nullptr;  // [max_events]
    std::uint32_t* event_count = nullptr;
    std::uint32_t max_events = 0;
    ArrayRecord* arrays = nullptr;  // [kMaxSharedArrays]
    std::uint32_t* array_count = nullptr;
    std::uint32_t* overflow = nullptr;  // CaptureOverflow bits
};

}  // namespace scanscope
