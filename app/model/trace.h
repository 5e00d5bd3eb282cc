// The trace: the contract between the kernels and everything that shows them. A versioned,
// documented format (docs: kernels/README.md, "The trace"), the same whether the GPU or the
// emulation captured it, exported to and replayed from JSON (trace_json.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/capture_format.h"
#include "variants/registry.h"
#include "variants/run_request.h"

namespace scanscope {

constexpr int kTraceVersion = 3;  // 2: launches[].tiles; 3: launches[].stopped
constexpr const char* kTraceFormat = "scanscope-trace";

// One lane's part of a warp-level access.
struct LaneAccess {
    int lane = 0;
    std::uint32_t address = 0;  // byte offset in shared memory; for a shuffle, the source lane
    std::uint32_t value = 0;    // bits
    bool operator==(const LaneAccess& o) const {
        return lane == o.lane && address == o.address && value == o.value;
    }
};

// One warp-level instruction: the lanes that performed the same access (same source line, same
// occurrence of it in the step) together.
struct WarpAccess {
    int warp = 0;
    std::uint16_t line = 0;        // source line of the access in the kernel
    std::uint16_t occurrence = 0;  // earlier executions of that line by the same lanes in the step
    AccessKind kind = AccessKind::Read;
    std::uint8_t array = 0;         // shared array id (0xff for shuffles)
    std::uint16_t bytes = 4;        // per lane
    bool atomic = false;            // the read or the write of an atomic read-modify-write
    std::vector<LaneAccess> lanes;  // active lanes, ascending
    bool operator==(const WarpAccess& o) const {
        return warp == o.warp && line == o.line && occurrence == o.occurrence && kind == o.kind &&
               array == o.array && bytes == o.bytes && atomic == o.atomic && lanes == o.lanes;
    }
};

// One step of one block: what happened between two barriers.
struct Step {
    int block = 0;
    int index = 0;           // within the block
    std::uint16_t line = 0;  // pseudo-code line id (see Trace::listing)
    StepBoundary boundary = StepBoundary::Start;
    std::vector<std::int32_t> vars;     // named by the label for `line`
    std::vector<std::uint32_t> shared;  // shared memory after the step, one word each
    std::vector<std::uint8_t> defined;  // 1 where the word has been written
    bool snapshot_at_barrier = false;   // copied at a block barrier; else derived from the writes
    std::vector<WarpAccess> accesses;   // warps ascending, each in program order
    bool operator==(const Step& o) const {
        return block == o.block && index == o.index && line == o.line && boundary == o.boundary &&
               vars == o.vars && shared == o.shared && defined == o.defined &&
               snapshot_at_barrier == o.snapshot_at_barrier && accesses == o.accesses;
    }
};

struct SharedArrayInfo {
    std::string name;
    std::uint32_t offset = 0;
    std::uint32_t count = 0;
    std::uint16_t element_bytes = 4;
    ElementKind kind = ElementKind::Int;
    bool operator==(const SharedArrayInfo& o) const {
        return name == o.name && offset == o.offset && count == o.count &&
               element_bytes == o.element_bytes && kind == o.kind;
    }
};

struct GlobalBuffer {
    std::string name;
    int element_bytes = 4;              // 8 for tile descriptors
    std::vector<std::uint64_t> values;  // bits
    bool operator==(const GlobalBuffer& o) const {
        return name == o.name && element_bytes == o.element_bytes && values == o.values;
    }
};

// A block barrier its threads reached from different lines (the emulation notes the first of each
// block; see RawBarrierSplit).
struct BarrierSplit {
    int block = 0;
    int step = 0;                      // the step, within the block, that the barrier ended
    std::vector<std::uint16_t> lines;  // each thread's barrier line; 0: it had finished
    bool operator==(const BarrierSplit& o) const {
        return block == o.block && step == o.step && lines == o.lines;
    }
};

struct Launch {
    std::string name;
    int grid = 1;
    int block = 1;
    std::uint32_t shared_bytes = 0;
    std::vector<SharedArrayInfo> arrays;
    std::vector<Step> steps;            // block 0's steps, then block 1's, ...
    std::vector<GlobalBuffer> globals;  // after the launch
    std::vector<TileEvent> events;      // look-back descriptor events, in the order logged
    std::vector<BarrierSplit> barrier_splits;
    int tiles = 0;  // tiles dealt round the blocks (persistent kernels); 0: one a block
    // Empty, or why the kernel stopped: the launch then holds the blocks up to the one that
    // stopped, whose last step is where it stopped, and the trace has no output.
    std::string stopped;
    bool operator==(const Launch& o) const;
    // How many tiles the look-back's events may name.
    int tile_count() const { return tiles ? tiles : grid; }

    // Steps of block b: [first_step(b), first_step(b) + steps_of(b)).
    int first_step(int b) const;
    int steps_of(int b) const;
    // The most steps any block has: the frames the launch takes on the step timeline.
    int longest_block() const;
    // The one tile block b took (decoupled-lookback numbers tiles in the order blocks start, which
    // need not be block order): the value of its shared "tile" word; -1 where there is none.
    int tile_of_block(int b) const;
};

struct TraceSource {
    std::string kind;    // "gpu" or "cpu-emulation"
    std::string device;  // the GPU's name, or why the emulation ran
    std::string scanscope_version;
    std::string captured_at;  // ISO 8601, UTC
};

struct Trace {
    int version = kTraceVersion;
    RunRequest request;  // variant, type, op, inclusive, n, banks, block threads, seed
    int bank_width_bytes = 4;
    TraceSource source;
    std::vector<std::uint32_t> input;  // bits of the element type
    std::vector<std::uint32_t> output;
    std::vector<ListingLine> listing;
    std::vector<StepLabel> labels;
    std::vector<Launch> launches;

    const StepLabel* label(std::uint16_t line) const;
    std::size_t step_count() const;  // block-steps over all launches and blocks
    std::size_t frame_count()
        const;             // steps as the window numbers them: each launch's longest block
    int max_grid() const;  // the most blocks any launch has
    // The window's number (from 1, as --step takes it) of step `index` of launch `launch`: the
    // frames of the launches before it, plus index + 1. Counts those frames at each call: a loop
    // over every step takes frames_before_launches() once instead.
    int step_number(int launch, int index) const;
    std::vector<int> frames_before_launches() const;
    // Why the kernel stopped (its last launch's `stopped`); empty when it ran to the end.
    const std::string& stopped() const;
};

// Equal in everything but where and when it was captured.
bool same_capture(const Trace& a, const Trace& b);

}  // namespace scanscope
