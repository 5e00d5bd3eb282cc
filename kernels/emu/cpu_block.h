// The block context in the CPU emulation: the same interface as GpuBlock (kernels/gpu/
// gpu_block.cuh), backed by an EmuBlock whose threads are fibers.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/bits.h"
#include "core/capture_writer.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"
#include "emu/emu_block.h"

namespace scanscope::emu {

class CpuBlock {
  public:
    static constexpr bool recording = true;  // every access it makes is recorded

    CpuBlock(EmuBlock& block, int tid) : block_(block), tid_(tid) {}

    int thread() const { return tid_; }
    int block() const { return block_.index(); }
    int threads() const { return block_.threads(); }
    int blocks() const { return block_.grid().shape->grid; }
    int lane() const { return tid_ & 31; }
    int warp() const { return tid_ >> 5; }
    int warps() const { return block_.warps(); }

    template <class T>
    SharedArray<T, CpuBlock> allocate_shared(int count) {
        const std::uint32_t offset =
            block_.allocate_shared(tid_, std::uint32_t(count) * sizeof(T), sizeof(T));
        const std::uint8_t id = block_.next_array_id(tid_);
        if (CaptureBuffers* c = block_.grid().capture; c && block() == 0 && tid_ == 0)
            write_array(*c, id,
                        {offset, std::uint32_t(count), std::uint16_t(sizeof(T)),
                         std::uint16_t(element_kind_of<T>())});
        return SharedArray<T, CpuBlock>(*this, reinterpret_cast<T*>(block_.shared_base() + offset),
                                        offset, count, id);
    }

    template <class... V>
    void sync(std::uint16_t line, V... vars) {
        block_.block_barrier(tid_, line);
        block_.mark(tid_, line, make_mark(line, StepBoundary::Block, vars...));
    }
    template <class... V>
    void at(std::uint16_t line, V... vars) {
        block_.mark(tid_, line, make_mark(line, block_.boundary(tid_), vars...));
    }
    template <class... V>
    void sync_warp(std::uint16_t line, V... vars) {
        block_.warp_barrier(tid_);
        block_.mark(tid_, line, make_mark(line, StepBoundary::Warp, vars...));
    }

    template <class T>
    T shfl_up(T value, int delta, int line = __builtin_LINE()) {
        return shuffle(value, lane() >= delta ? lane() - delta : lane(), line);
    }
    template <class T>
    T shfl_down(T value, int delta, int line = __builtin_LINE()) {
        return shuffle(value, lane() + delta < 32 ? lane() + delta : lane(), line);
    }
    template <class T>
    T shfl(T value, int source_lane, int line = __builtin_LINE()) {
        return shuffle(value, source_lane & 31, line);
    }

    unsigned ballot(bool predicate, int line = __builtin_LINE()) {
        return block_.ballot(tid_, predicate, std::uint16_t(line));
    }
    // __syncwarp() without a step: the warp's lanes meet, as at a ballot.
    void warp_fence(int line = __builtin_LINE()) { block_.ballot(tid_, true, std::uint16_t(line)); }

    // Global memory shared between blocks (the single-pass scan). Each operation lets the
    // scheduler switch blocks, so that tiles interleave as on a GPU.
    int take_tile(int* counter, int first = 0) {  // first + atomicAdd(counter, 1)
        const int old = *counter;
        *counter = old + 1;
        block_.yield(tid_);
        return first + old;
    }
    void add_to_global(int* total, int amount) {  // atomicAdd(total, amount)
        *total += amount;
        block_.yield(tid_);
    }
    void note_taken(int /*tile*/) {}  // a tile owned by the block's index: timelines only
    void keep_in_l2(TileDescriptors, int /*tile*/) {}  // a cache hint: the GPU's alone
    void publish(TileDescriptors descriptors, int tile, TileStatus status, std::uint32_t value) {
        *descriptors.of(tile) = pack_descriptor(status, value);
        block_.record_event({std::uint32_t(tile), std::uint32_t(tile),
                             std::uint16_t(TileEventKind::Publish), std::uint16_t(status), value,
                             0});
        block_.yield(tid_);
    }
    // Waiting costs nothing here: every peek already lets the other blocks run.
    void back_off() {}
    TileDescriptor peek(TileDescriptors descriptors, int reader_tile, int tile) {
        const TileDescriptor d = unpack_descriptor(*descriptors.of(tile));
        block_.record_event({std::uint32_t(reader_tile), std::uint32_t(tile),
                             std::uint16_t(TileEventKind::Read), std::uint16_t(d.status), d.value,
                             0});
        block_.yield(tid_);
        return d;
    }

    // A word handed down a chain that reuses it, tagged (GpuBlock::hand_down says why).
    void hand_down(TileDescriptors descriptors, int word, std::uint32_t tag, std::uint32_t value) {
        *descriptors.of(word) = pack_tagged(tag, value);
        block_.record_event({std::uint32_t(word), std::uint32_t(word),
                             std::uint16_t(TileEventKind::Publish),
                             std::uint16_t(TileStatus::Prefix), value, 0});
        block_.yield(tid_);
    }
    bool take_handed(TileDescriptors descriptors, int reader, int word, std::uint32_t tag,
                     std::uint32_t& value) {
        const bool there = unpack_tagged(*descriptors.of(word), tag, value);
        block_.record_event(
            {std::uint32_t(reader), std::uint32_t(word), std::uint16_t(TileEventKind::Read),
             std::uint16_t(there ? TileStatus::Prefix : TileStatus::Invalid), value, 0});
        block_.yield(tid_);
        return there;
    }

    // Hooks used by SharedArray.
    void check_shared_index(int index, int count, std::uint16_t line) const {
        if (index < 0 || index >= count)
            throw std::out_of_range("shared-memory index " + std::to_string(index) +
                                    " outside [0, " + std::to_string(count) + ") at line " +
                                    std::to_string(line) + ", thread " + std::to_string(tid_) +
                                    " of block " + std::to_string(block()));
    }
    void on_shared_access(AccessKind kind, std::uint16_t line, std::uint8_t array,
                          std::uint32_t address, std::uint32_t value) {
        block_.shared_access(tid_, kind, line, array, address, value);
    }

    EmuBlock& emulation() { return block_; }

  private:
    template <class T>
    T shuffle(T value, int source_lane, int line) {
        return from_bits<T>(block_.shuffle(tid_, to_bits(value), source_lane, std::uint16_t(line)));
    }

    EmuBlock& block_;
    int tid_;
};

}  // namespace scanscope::emu
