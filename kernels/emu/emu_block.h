// One emulated thread block: its threads run as fibers over the block's shared memory.
//
// Scheduling follows SIMT hardware closely enough for the traces to match the GPU's and for races
// to show: a warp's lanes run in lockstep, each lane handing over after every shared-memory
// access, so all lanes perform an access before any performs the next; warps run one after the
// other between barriers. Block barriers, warp barriers and shuffles are rendezvous points.
#pragma once

#include <array>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <vector>

#include "core/capture_format.h"
#include "core/launch_shape.h"
#include "core/raw_capture.h"
#include "emu/fiber.h"

namespace scanscope::emu {

class CpuBlock;
using KernelFn = std::function<void(CpuBlock&)>;

// What the blocks of one emulated launch share.
struct GridContext {
    const LaunchShape* shape = nullptr;
    const KernelFn* kernel = nullptr;
    CaptureBuffers* capture = nullptr;  // null for a plain (timed or tested) run
    std::vector<RawBarrierSplit>* barrier_splits = nullptr;  // where split barriers are noted
    std::uint64_t clock = 0;  // logical time: scheduling decisions so far
};

enum class Wait : std::uint8_t { Running, BlockBarrier, WarpBarrier, Shuffle, Done };

class EmuBlock {
  public:
    EmuBlock(GridContext& grid, int index);
    ~EmuBlock();
    EmuBlock(const EmuBlock&) = delete;
    EmuBlock& operator=(const EmuBlock&) = delete;

    int index() const { return index_; }
    int threads() const { return int(threads_.size()); }
    int warps() const { return (threads() + 31) / 32; }
    bool done() const { return live_ == 0; }
    GridContext& grid() { return grid_; }

    // --- Scheduling (from the launcher) ---
    // Runs the block to the end, warps in order: the deterministic schedule.
    void run_to_completion();
    // One lockstep round of `warp`: each running lane continues to its next hand-over.
    bool run_warp_round(int warp);
    bool warp_has_running_lanes(int warp) const;
    // Releases a warp whose live lanes all wait at the same shuffle or warp barrier.
    bool try_release_warp(int warp);
    // Releases the block when every live thread waits at a block barrier.
    bool try_release_block_barrier();
    // After done(): the final snapshot and the per-thread counts.
    void finish_capture();
    [[noreturn]] void throw_deadlock() const;

    // --- From the kernel (inside thread `tid`'s fiber) ---
    unsigned char* shared_base() { return shared_.data(); }
    std::uint32_t shared_bytes() const { return std::uint32_t(shared_.size()); }
    void shared_access(int tid, AccessKind kind, std::uint16_t line, std::uint8_t array,
                       std::uint32_t address, std::uint32_t value);
    void block_barrier(int tid, std::uint16_t line);
    void warp_barrier(int tid);
    // Deposits `value`, waits for the warp, returns the bits `source_lane` deposited.
    std::uint32_t shuffle(int tid, std::uint32_t value, int source_lane, std::uint16_t line);
    // Every lane's predicate, as __ballot_sync(0xffffffff, predicate) gives it.
    unsigned ballot(int tid, bool predicate, std::uint16_t line);
    // A global-memory operation other blocks may be waiting on: lets the scheduler move on.
    void yield(int tid);
    void mark(int tid, std::uint16_t line, const StepMark& mark);
    void record_event(const TileEvent& event);
    std::uint16_t step(int tid) const { return threads_[tid].step; }
    StepBoundary boundary(int tid) const { return threads_[tid].boundary; }
    std::uint8_t next_array_id(int tid) { return threads_[tid].next_array++; }
    std::uint32_t allocate_shared(int tid, std::uint32_t bytes, std::uint32_t align);

  private:
    struct Thread {
        std::unique_ptr<Fiber> fiber;
        Wait wait = Wait::Running;
        std::uint16_t step = 0;
        StepBoundary boundary = StepBoundary::Start;
        std::uint32_t records = 0;
        std::uint16_t shuffle_line = 0;
        std::uint16_t barrier_line = 0;  // where it waits at a block barrier
        std::uint8_t shuffle_parity = 0;
        std::uint32_t shuffle_round = 0;  // the warp collective its last exchange took part in
        std::uint8_t next_array = 0;
        std::uint32_t shared_offset = 0;
    };
    struct Start {
        EmuBlock* block;
        int tid;
    };

    static void thread_main(void* start);
    // Deposits `value` in the warp's slots and waits until every live lane has; returns the slot
    // parity the values are in.
    int exchange(int tid, std::uint32_t value, std::uint16_t line);
    // What lane `lane` offered in the collective thread `tid` took part in (parity `parity`): 0
    // where it did not take part (it had finished, or sat out).
    std::uint32_t offered(int tid, int parity, int lane) const;
    void resume(int tid);
    void snapshot(std::uint32_t step);
    void note_split(std::uint16_t step);
    std::uint32_t global_thread(int tid) const { return std::uint32_t(index_ * threads() + tid); }

    GridContext& grid_;
    int index_;
    std::vector<unsigned char> shared_;
    std::vector<Thread> threads_;
    std::vector<Start> starts_;
    std::vector<std::array<std::array<std::uint32_t, 32>, 2>>
        shuffle_slots_;  // [warp][parity][lane]
    // The collective each slot's value was offered in, so that a value outlives the lane that
    // offered it (it may finish before the others read) and an old one is never taken as new.
    std::vector<std::array<std::array<std::uint32_t, 32>, 2>> slot_rounds_;
    std::vector<std::uint32_t> warp_rounds_;  // [warp]: collectives released so far
    int live_ = 0;
    bool split_noted_ = false;
    std::exception_ptr error_;
};

}  // namespace scanscope::emu
