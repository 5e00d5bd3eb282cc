// The block context on the GPU. Kernels are written against it (and against the emulation's
// CpuBlock, which has the same interface); see kernels/README.md.
//
// GpuBlock<PlainMode> is the timed kernel: every recording hook is an empty inline function and
// compiles away, leaving the loads, stores, barriers and shuffles the source names.
// GpuBlock<CaptureMode> also writes the trace: each thread's shared-memory accesses, each step's
// pseudo-code line, and a snapshot of shared memory after every block barrier.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/bits.h"
#include "core/capture_format.h"
#include "core/capture_writer.h"
#include "core/shared_memory.h"
#include "core/tile_descriptor.h"

namespace scanscope {

// kTilesInBlockOrder: take_tile() returns the block index instead of a ticket (what CUB does,
// trusting the hardware to start blocks in index order; a ticket needs no such trust).
// kBackOffNs: how long a warp that found a tile not ready yet sleeps before it looks again
// (__nanosleep), so that waiting warps leave the memory system to the tiles still loading.
struct PlainMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};
struct CaptureMode {
    static constexpr bool recording = true;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
};

// When each tile was taken, published its aggregate, began to look back (its first descriptor
// read), published its prefix, and when its block ended (%globaltimer ns), and on which SM: what a
// timeline probe records (bench/tune/lookback_timeline.cu) with a mode whose kTimeline is true.
struct TileMoments {
    long long taken, aggregate, look_back, prefix, block_end;
    int sm, unused;
};

// What a launch passes to every block.
struct LaunchEnv {
    std::uint32_t shared_bytes = 0;  // the kernel's dynamic shared memory
    CaptureBuffers capture;          // used by CaptureMode only
    TileMoments* moments = nullptr;  // one per tile, used by timeline modes only
};

template <class Mode, class = void>
struct TimelineOf {
    static constexpr bool value = false;
};
template <class Mode>
struct TimelineOf<Mode, std::void_t<decltype(Mode::kTimeline)>> {
    static constexpr bool value = Mode::kTimeline;
};

// The capturing kernel gets 16 more bytes of dynamic shared memory, after the kernel's own,
// to pass thread 0's step number to the block. The timed kernel's layout is untouched.
constexpr std::uint32_t kCaptureScratchBytes = 16;

__device__ __forceinline__ unsigned char* dynamic_shared_base() {
    extern __shared__ __align__(16) unsigned char ss_dynamic_shared[];
    return ss_dynamic_shared;
}

template <class Mode>
class GpuBlock {
  public:
    static constexpr bool recording = Mode::recording;

    __device__ explicit GpuBlock(const LaunchEnv& env) : env_(env) {
        if constexpr (recording) {
            // Deterministic start: the emulation's shared memory starts zeroed too.
            auto* words = reinterpret_cast<std::uint32_t*>(dynamic_shared_base());
            for (std::uint32_t i = threadIdx.x; i < env_.shared_bytes / 4; i += blockDim.x)
                words[i] = 0;
            __syncthreads();
        }
    }

    __device__ int thread() const { return int(threadIdx.x); }
    __device__ int block() const { return int(blockIdx.x); }
    __device__ int threads() const { return int(blockDim.x); }
    __device__ int blocks() const { return int(gridDim.x); }
    __device__ int lane() const { return int(threadIdx.x) & 31; }
    __device__ int warp() const { return int(threadIdx.x) >> 5; }
    __device__ int warps() const { return (int(blockDim.x) + 31) >> 5; }

    template <class T>
    __device__ SharedArray<T, GpuBlock> allocate_shared(int count) {
        offset_ = (offset_ + std::uint32_t(sizeof(T)) - 1) / std::uint32_t(sizeof(T)) *
                  std::uint32_t(sizeof(T));
        const std::uint32_t offset = offset_;
        offset_ += std::uint32_t(count) * std::uint32_t(sizeof(T));
        const std::uint8_t id = next_array_++;
        if constexpr (recording) {
            if (offset_ > env_.shared_bytes) flag_overflow(env_.capture, kSharedOverflow);
            if (blockIdx.x == 0 && threadIdx.x == 0)
                write_array(env_.capture, id,
                            {offset, std::uint32_t(count), std::uint16_t(sizeof(T)),
                             std::uint16_t(element_kind_of<T>())});
        }
        return SharedArray<T, GpuBlock>(*this, reinterpret_cast<T*>(dynamic_shared_base() + offset),
                                        offset, count, id);
    }

    // __syncthreads(); the step that follows shows pseudo-code line `line` and up to three values.
    template <class... V>
    __device__ void sync(std::uint16_t line, V... vars) {
        __syncthreads();
        if constexpr (recording) {
            after_block_barrier();
            boundary_ = StepBoundary::Block;
            if (threadIdx.x == 0)
                write_mark(env_.capture, blockIdx.x, step_,
                           make_mark(line, StepBoundary::Block, vars...));
        }
    }

    // Labels the current step without a barrier (e.g. the first step, before any barrier).
    template <class... V>
    __device__ void at(std::uint16_t line, V... vars) {
        if constexpr (recording) {
            if (threadIdx.x == 0)
                write_mark(env_.capture, blockIdx.x, step_, make_mark(line, boundary_, vars...));
        }
    }

    // __syncwarp(). Only for code where one warp, holding thread 0, is the block's only active
    // warp (the others done or waiting at a block barrier): it ends a step in the trace.
    template <class... V>
    __device__ void sync_warp(std::uint16_t line, V... vars) {
        __syncwarp();
        if constexpr (recording) {
            ++step_;
            boundary_ = StepBoundary::Warp;
            if (threadIdx.x == 0)
                write_mark(env_.capture, blockIdx.x, step_,
                           make_mark(line, StepBoundary::Warp, vars...));
        }
    }

    // Full-warp shuffles (every lane of the warp must call them).
    template <class T>
    __device__ T shfl_up(T value, int delta, int line = __builtin_LINE()) {
        const T got = __shfl_up_sync(0xffffffffu, value, unsigned(delta));
        record_shuffle(lane() >= delta ? lane() - delta : lane(), got, line);
        return got;
    }
    template <class T>
    __device__ T shfl_down(T value, int delta, int line = __builtin_LINE()) {
        const T got = __shfl_down_sync(0xffffffffu, value, unsigned(delta));
        record_shuffle(lane() + delta < 32 ? lane() + delta : lane(), got, line);
        return got;
    }
    template <class T>
    __device__ T shfl(T value, int source_lane, int line = __builtin_LINE()) {
        const T got = __shfl_sync(0xffffffffu, value, source_lane);
        record_shuffle(source_lane & 31, got, line);
        return got;
    }

    __device__ unsigned ballot(bool predicate) { return __ballot_sync(0xffffffffu, predicate); }
    // The warp's shared-memory accesses before it are seen by its lanes after it; no step ends
    // (sync_warp ends one).
    __device__ void warp_fence() { __syncwarp(); }

    // Global memory shared between blocks (the single-pass scan).
    // The next tile's number: a ticket from a global counter, in the order blocks start; the
    // tickets count from `first`.
    __device__ int take_tile(int* counter, int first = 0) {
        const int tile = Mode::kTilesInBlockOrder ? int(blockIdx.x) : first + atomicAdd(counter, 1);
        note_taken(tile);
        return tile;
    }
    // A count other blocks add to as well (a histogram over the whole input).
    __device__ void add_to_global(int* total, int amount) { atomicAdd(total, amount); }
    // A tile the block owns without a ticket (by its index): only a timeline records it.
    __device__ void note_taken(int tile) {
        if constexpr (timeline) {
            last_tile_ = tile;
            env_.moments[tile].taken = now();
            env_.moments[tile].sm = sm();
        }
    }
    // The L2 fetches the line of `tile`'s descriptor now and keeps it ahead of streaming lines
    // (evict_last), so that its publishes and the look-backs' reads of it, a step or two later,
    // find it there: the line was last touched a launch ago, and at 2^24 and up a launch streams
    // more bytes than the L2 holds (bench/tuning.md). Only a hint: nothing waits for it.
    __device__ void keep_in_l2(TileDescriptors descriptors, int tile) {
#if __CUDA_ARCH__ >= 800
        asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(descriptors.of(tile)));
#else
        (void)descriptors;
        (void)tile;
#endif
    }
    __device__ void publish(TileDescriptors descriptors, int tile, TileStatus status,
                            std::uint32_t value) {
        *reinterpret_cast<volatile DescriptorWord*>(descriptors.of(tile)) =
            pack_descriptor(status, value);
        if constexpr (timeline) {
            if (status == TileStatus::Aggregate) env_.moments[tile].aggregate = now();
            if (status == TileStatus::Prefix) env_.moments[tile].prefix = now();
        }
        if constexpr (recording)
            record_event({std::uint32_t(tile), std::uint32_t(tile),
                          std::uint16_t(TileEventKind::Publish), std::uint16_t(status), value, 0});
    }
    // A warp that must wait for another block pauses before it looks again.
    __device__ void back_off() {
        if constexpr (Mode::kBackOffNs > 0) __nanosleep(Mode::kBackOffNs);
    }
    __device__ TileDescriptor peek(TileDescriptors descriptors, int reader_tile, int tile) {
        const TileDescriptor d = unpack_descriptor(
            *reinterpret_cast<const volatile DescriptorWord*>(descriptors.of(tile)));
        if constexpr (timeline) {  // the first read since the tile was taken (in this launch)
            TileMoments& m = env_.moments[reader_tile];
            if (m.look_back < m.taken) m.look_back = now();
        }
        if constexpr (recording)
            record_event({std::uint32_t(reader_tile), std::uint32_t(tile),
                          std::uint16_t(TileEventKind::Read), std::uint16_t(d.status), d.value, 0});
        return d;
    }

    // A word handed from a tile to the next down a chain that reuses it (summed-area-lookback's
    // wide tiles: the tile above hands its last row down, a word a column in two slots): `tag`
    // says which hand-down it holds. An exchange, done in the L2, where every write to the word
    // is ordered: relaxed stores from different SMs, each made after seeing the one before it
    // through other words, still landed out of order (bench/results/summed-area-wide-h100-
    // 2026-11-28). The trace shows a hand-down as a PREFIX published (the table's entry above).
    __device__ void hand_down(TileDescriptors descriptors, int word, std::uint32_t tag,
                              std::uint32_t value) {
        atomicExch(reinterpret_cast<DescriptorWord*>(descriptors.of(word)),
                   pack_tagged(tag, value));
        if constexpr (recording)
            record_event({std::uint32_t(word), std::uint32_t(word),
                          std::uint16_t(TileEventKind::Publish), std::uint16_t(TileStatus::Prefix),
                          value, 0});
    }
    // Whether `word` holds hand-down `tag` yet (then its value in `value`); a read of it.
    __device__ bool take_handed(TileDescriptors descriptors, int reader, int word,
                                std::uint32_t tag, std::uint32_t& value) {
        const bool there = unpack_tagged(
            *reinterpret_cast<const volatile DescriptorWord*>(descriptors.of(word)), tag, value);
        if constexpr (recording)
            record_event(
                {std::uint32_t(reader), std::uint32_t(word), std::uint16_t(TileEventKind::Read),
                 std::uint16_t(there ? TileStatus::Prefix : TileStatus::Invalid), value, 0});
        return there;
    }

    // Hooks used by SharedArray.
    __device__ __forceinline__ void check_shared_index(int /*index*/, int /*count*/,
                                                       std::uint16_t /*line*/) {}
    __device__ __forceinline__ void on_shared_access(AccessKind kind, std::uint16_t line,
                                                     std::uint8_t array, std::uint32_t address,
                                                     std::uint32_t value) {
        if constexpr (recording)
            write_access(env_.capture, global_thread(), count_,
                         {step_, line, std::uint8_t(kind), array, 4, address, value});
    }

    // Called by the launch wrapper after the kernel body: the final snapshot and the counts.
    __device__ void finish() {
        if constexpr (timeline) {
            __syncthreads();  // every warp's stores issued
            if (threadIdx.x == 0 && last_tile_ >= 0) env_.moments[last_tile_].block_end = now();
        }
        if constexpr (recording) {
            __syncthreads();
            const std::uint32_t last = agree_on_step();
            snapshot(last);
            env_.capture.record_counts[global_thread()] = count_;
            if (threadIdx.x == 0) env_.capture.step_counts[blockIdx.x] = last + 1;
        }
    }

  private:
    static constexpr bool timeline = TimelineOf<Mode>::value;
    __device__ static long long now() {
        long long t;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
        return t;
    }
    __device__ static int sm() {
        unsigned id;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
        return int(id);
    }
    int last_tile_ = -1;  // the tile this thread took last (timeline modes)

    __device__ std::uint32_t global_thread() const {
        return blockIdx.x * blockDim.x + threadIdx.x;
    }

    template <class T>
    __device__ void record_shuffle(int source, T got, int line) {
        if constexpr (recording)
            write_access(env_.capture, global_thread(), count_,
                         {step_, std::uint16_t(line), std::uint8_t(AccessKind::Shuffle), 0xff, 4,
                          std::uint32_t(source), to_bits(got)});
    }

    __device__ void record_event(TileEvent event) {
        std::uint64_t now;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
        event.time_ns = now;
        write_event(env_.capture, atomicAdd(env_.capture.event_count, 1u), event);
    }

    // Every thread takes thread 0's step number (warp barriers may have advanced it alone).
    __device__ std::uint32_t agree_on_step() {
        auto* scratch =
            reinterpret_cast<volatile std::uint32_t*>(dynamic_shared_base() + env_.shared_bytes);
        if (threadIdx.x == 0) *scratch = step_;
        __syncthreads();
        const std::uint32_t step = *scratch;
        __syncthreads();
        return step;
    }

    __device__ void snapshot(std::uint32_t step) {
        const CaptureBuffers& c = env_.capture;
        if (step < c.max_steps) {
            const auto* words = reinterpret_cast<const std::uint32_t*>(dynamic_shared_base());
            std::uint32_t* to =
                c.snapshots + (std::size_t(blockIdx.x) * c.max_steps + step) * c.snapshot_words;
            for (std::uint32_t i = threadIdx.x; i < c.snapshot_words; i += blockDim.x)
                to[i] = words[i];
            if (threadIdx.x == 0)
                c.snapshot_taken[std::size_t(blockIdx.x) * c.max_steps + step] = 1;
        } else if (threadIdx.x == 0) {
            flag_overflow(c, kStepsOverflow);
        }
        __syncthreads();  // nobody writes shared memory before the copy is done
    }

    __device__ void after_block_barrier() {
        const std::uint32_t ended = agree_on_step();
        snapshot(ended);
        step_ = std::uint16_t(ended + 1);
    }

    LaunchEnv env_;
    std::uint32_t offset_ = 0;
    std::uint8_t next_array_ = 0;
    std::uint16_t step_ = 0;
    StepBoundary boundary_ = StepBoundary::Start;
    std::uint32_t count_ = 0;
};

}  // namespace scanscope
