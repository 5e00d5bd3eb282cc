#include "emu/emu_block.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/capture_writer.h"
#include "emu/cpu_block.h"

namespace scanscope::emu {

EmuBlock::EmuBlock(GridContext& grid, int index)
    : grid_(grid), index_(index), shared_(grid.shape->shared_bytes, 0) {
    const int n = grid.shape->block;
    threads_.resize(std::size_t(n));
    starts_.resize(std::size_t(n));
    shuffle_slots_.resize(std::size_t(warps()));
    slot_rounds_.resize(std::size_t(warps()));
    warp_rounds_.assign(std::size_t(warps()), 1);  // slots start at round 0: never offered
    for (int t = 0; t < n; ++t) {
        starts_[t] = {this, t};
        threads_[t].fiber = std::make_unique<Fiber>(&EmuBlock::thread_main, &starts_[t]);
    }
    live_ = n;
}

EmuBlock::~EmuBlock() = default;

void EmuBlock::thread_main(void* arg) {
    auto* start = static_cast<Start*>(arg);
    EmuBlock& self = *start->block;
    try {
        CpuBlock block(self, start->tid);
        (*self.grid_.kernel)(block);
    } catch (...) {
        // Exceptions must not cross the fiber switch: the scheduler rethrows it.
        if (!self.error_) self.error_ = std::current_exception();
    }
}

void EmuBlock::resume(int tid) {
    Thread& t = threads_[tid];
    t.fiber->resume();
    if (error_) std::rethrow_exception(error_);
    if (t.fiber->finished()) {
        // Its slots stay: the others of its last collective may not have read them yet.
        t.wait = Wait::Done;
        --live_;
    }
}

bool EmuBlock::warp_has_running_lanes(int warp) const {
    const int end = std::min(threads(), (warp + 1) * 32);
    for (int tid = warp * 32; tid < end; ++tid)
        if (threads_[tid].wait == Wait::Running) return true;
    return false;
}

bool EmuBlock::run_warp_round(int warp) {
    bool ran = false;
    const int end = std::min(threads(), (warp + 1) * 32);
    for (int tid = warp * 32; tid < end; ++tid) {
        if (threads_[tid].wait != Wait::Running) continue;
        resume(tid);
        ran = true;
    }
    if (ran) ++grid_.clock;
    return ran;
}

bool EmuBlock::try_release_warp(int warp) {
    const int begin = warp * 32, end = std::min(threads(), (warp + 1) * 32);
    Wait kind = Wait::Done;
    std::uint16_t line = 0;
    for (int tid = begin; tid < end; ++tid) {
        const Thread& t = threads_[tid];
        if (t.wait == Wait::Done) continue;
        if (t.wait != Wait::Shuffle && t.wait != Wait::WarpBarrier) return false;
        if (kind == Wait::Done) kind = t.wait, line = t.shuffle_line;
        if (t.wait != kind || (kind == Wait::Shuffle && t.shuffle_line != line))
            throw std::logic_error("emulated block " + std::to_string(index_) + ", warp " +
                                   std::to_string(warp) +
                                   ": lanes wait at different shuffles or warp barriers (divergent "
                                   "warp collective)");
    }
    if (kind == Wait::Done) return false;
    if (kind == Wait::WarpBarrier) {
        // A warp barrier ends a step for the trace, which only makes sense when this warp (with
        // thread 0) is the block's only active warp.
        if (warp != 0)
            throw std::logic_error("sync_warp() outside warp 0: steps would go out of step");
        for (int tid = end; tid < threads(); ++tid) {
            const Wait other = threads_[tid].wait;
            if (other == Wait::Running) return false;  // not yet: let the others finish first
            if (other != Wait::Done && other != Wait::BlockBarrier)
                throw std::logic_error("sync_warp() while other warps wait at a warp collective");
        }
    }
    ++warp_rounds_[std::size_t(warp)];  // the next collective's values are new ones
    for (int tid = begin; tid < end; ++tid) {
        Thread& t = threads_[tid];
        if (t.wait == Wait::Done) continue;
        if (kind == Wait::WarpBarrier) {
            ++t.step;
            t.boundary = StepBoundary::Warp;
        }
        t.wait = Wait::Running;
    }
    ++grid_.clock;
    return true;
}

bool EmuBlock::try_release_block_barrier() {
    if (live_ == 0) return false;
    for (const Thread& t : threads_)
        if (t.wait != Wait::Done && t.wait != Wait::BlockBarrier) return false;
    // Every thread takes thread 0's step number (warp barriers may have advanced it alone).
    const std::uint16_t ended = threads_[0].step;
    note_split(ended);
    snapshot(ended);
    for (Thread& t : threads_) {
        if (t.wait == Wait::Done) continue;
        t.step = std::uint16_t(ended + 1);
        t.boundary = StepBoundary::Block;
        t.wait = Wait::Running;
    }
    ++grid_.clock;
    return true;
}

// Threads that meet at one barrier from different lines: noted once a block, for the verdict.
void EmuBlock::note_split(std::uint16_t step) {
    if (!grid_.barrier_splits || split_noted_) return;
    std::uint16_t first = 0;
    bool split = false;
    for (const Thread& t : threads_) {
        if (t.wait != Wait::BlockBarrier) continue;
        if (!first) first = t.barrier_line;
        split |= t.barrier_line != first;
    }
    if (!split) return;
    RawBarrierSplit s;
    s.block = index_;
    s.step = step;
    for (const Thread& t : threads_)
        s.lines.push_back(t.wait == Wait::BlockBarrier ? t.barrier_line : std::uint16_t(0));
    grid_.barrier_splits->push_back(std::move(s));
    split_noted_ = true;
}

void EmuBlock::run_to_completion() {
    while (!done()) {
        bool progressed = false;
        for (int w = 0; w < warps(); ++w) {
            for (;;) {
                if (run_warp_round(w) || try_release_warp(w)) {
                    progressed = true;
                    continue;
                }
                break;
            }
        }
        if (try_release_block_barrier()) continue;
        if (!progressed && !done()) throw_deadlock();
    }
    finish_capture();
}

void EmuBlock::throw_deadlock() const {
    int at_block = 0, at_warp = 0, done_count = 0;
    for (const Thread& t : threads_) {
        at_block += t.wait == Wait::BlockBarrier;
        at_warp += t.wait == Wait::WarpBarrier || t.wait == Wait::Shuffle;
        done_count += t.wait == Wait::Done;
    }
    throw std::runtime_error("emulated block " + std::to_string(index_) +
                             " cannot go on: " + std::to_string(at_block) +
                             " threads wait at a block barrier, " + std::to_string(at_warp) +
                             " at a warp barrier or shuffle, " + std::to_string(done_count) +
                             " have finished (a barrier inside divergent code?)");
}

void EmuBlock::snapshot(std::uint32_t step) {
    CaptureBuffers* c = grid_.capture;
    if (!c || !step_fits(*c, step)) return;
    const std::size_t slot = std::size_t(index_) * c->max_steps + step;
    std::copy_n(reinterpret_cast<const std::uint32_t*>(shared_.data()), c->snapshot_words,
                c->snapshots + slot * c->snapshot_words);
    c->snapshot_taken[slot] = 1;
}

void EmuBlock::finish_capture() {
    CaptureBuffers* c = grid_.capture;
    if (!c) return;
    const std::uint16_t last = threads_[0].step;
    snapshot(last);
    for (int tid = 0; tid < threads(); ++tid)
        c->record_counts[global_thread(tid)] = threads_[tid].records;
    c->step_counts[index_] = last + 1u;
}

void EmuBlock::shared_access(int tid, AccessKind kind, std::uint16_t line, std::uint8_t array,
                             std::uint32_t address, std::uint32_t value) {
    Thread& t = threads_[tid];
    if (CaptureBuffers* c = grid_.capture)
        write_access(*c, global_thread(tid), t.records,
                     {t.step, line, std::uint8_t(kind), array, 4, address, value});
    Fiber::suspend();  // the next lane takes its turn: lockstep
}

void EmuBlock::block_barrier(int tid, std::uint16_t line) {
    threads_[tid].wait = Wait::BlockBarrier;
    threads_[tid].barrier_line = line;
    Fiber::suspend();
}

void EmuBlock::warp_barrier(int tid) {
    threads_[tid].wait = Wait::WarpBarrier;
    Fiber::suspend();
}

int EmuBlock::exchange(int tid, std::uint32_t value, std::uint16_t line) {
    Thread& t = threads_[tid];
    const int parity = t.shuffle_parity;
    t.shuffle_round = warp_rounds_[std::size_t(tid / 32)];
    shuffle_slots_[std::size_t(tid / 32)][parity][tid % 32] = value;
    slot_rounds_[std::size_t(tid / 32)][parity][tid % 32] = t.shuffle_round;
    t.wait = Wait::Shuffle;
    t.shuffle_line = line;
    Fiber::suspend();
    // Parity keeps a lane that runs ahead to the next collective from overwriting a value its
    // neighbours have not read yet.
    t.shuffle_parity ^= 1;
    return parity;
}

std::uint32_t EmuBlock::offered(int tid, int parity, int lane) const {
    const std::size_t warp = std::size_t(tid / 32);
    return slot_rounds_[warp][std::size_t(parity)][std::size_t(lane)] ==
                   threads_[std::size_t(tid)].shuffle_round
               ? shuffle_slots_[warp][std::size_t(parity)][std::size_t(lane)]
               : 0u;
}

unsigned EmuBlock::ballot(int tid, bool predicate, std::uint16_t line) {
    const int parity = exchange(tid, predicate ? 1u : 0u, line);
    unsigned mask = 0;
    for (int lane = 0; lane < 32; ++lane)
        if (offered(tid, parity, lane)) mask |= 1u << lane;
    return mask;
}

std::uint32_t EmuBlock::shuffle(int tid, std::uint32_t value, int source_lane, std::uint16_t line) {
    Thread& t = threads_[tid];
    const int parity = exchange(tid, value, line);
    const std::uint32_t got = offered(tid, parity, source_lane);
    if (CaptureBuffers* c = grid_.capture)
        write_access(*c, global_thread(tid), t.records,
                     {t.step, line, std::uint8_t(AccessKind::Shuffle), 0xff, 4,
                      std::uint32_t(source_lane), got});
    return got;
}

void EmuBlock::yield(int /*tid*/) {
    Fiber::suspend();
}

void EmuBlock::mark(int tid, std::uint16_t /*line*/, const StepMark& mark) {
    if (tid != 0 || !grid_.capture) return;
    write_mark(*grid_.capture, std::uint32_t(index_), threads_[tid].step, mark);
}

void EmuBlock::record_event(const TileEvent& event) {
    CaptureBuffers* c = grid_.capture;
    if (!c) return;
    TileEvent e = event;
    e.time_ns = grid_.clock;
    write_event(*c, (*c->event_count)++, e);
}

std::uint32_t EmuBlock::allocate_shared(int tid, std::uint32_t bytes, std::uint32_t align) {
    Thread& t = threads_[tid];
    t.shared_offset = (t.shared_offset + align - 1) / align * align;
    const std::uint32_t offset = t.shared_offset;
    t.shared_offset += bytes;
    if (t.shared_offset > shared_bytes())
        throw std::logic_error("kernel asks for " + std::to_string(t.shared_offset) +
                               " bytes of shared memory; its launch gives " +
                               std::to_string(shared_bytes()));
    return offset;
}

}  // namespace scanscope::emu
