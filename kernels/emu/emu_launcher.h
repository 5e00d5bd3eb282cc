// Launching kernels in the CPU emulation, with the same interface as the GPU launcher
// (kernels/gpu/gpu_launcher.cuh) so that the multi-kernel drivers are written once.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "core/launch_shape.h"
#include "core/raw_capture.h"
#include "emu/cpu_block.h"

namespace scanscope::emu {

class EmuLauncher {
  public:
    // With `capture`, every launch is recorded into it; `schedule_seed` fixes the order in which
    // interleaved blocks run.
    explicit EmuLauncher(RawCapture* capture = nullptr, std::uint64_t schedule_seed = 1)
        : capture_(capture), seed_(schedule_seed) {}

    bool capturing() const { return capture_ != nullptr; }

    // "Device" memory: zeroed host memory owned by the launcher.
    template <class T>
    T* alloc(std::size_t count) {
        return static_cast<T*>(alloc_bytes(count * sizeof(T)));
    }
    template <class T>
    void upload(T* to, const T* from, std::size_t count) {
        if (count) std::memcpy(to, from, count * sizeof(T));
    }
    template <class T>
    void download(T* to, const T* from, std::size_t count) {
        if (count) std::memcpy(to, from, count * sizeof(T));
    }
    // As GpuLauncher's: after keep_allocations(), rewind() makes the next allocations hand back
    // the same buffers, as the last run left them; repeat() counts the rewinds.
    void keep_allocations() { kept_ = allocations_.size(); }
    void rewind() {
        cursor_ = kept_;
        ++repeat_;
    }
    int repeat() const { return repeat_; }

    // The emulation has no limit of its own; it takes what Hopper gives a block.
    std::uint32_t max_shared_bytes_per_block() const { return 227 * 1024; }

    // How many blocks of this launch can run at once: the emulation keeps this many resident.
    template <class Kernel>
    int resident_blocks(const LaunchShape& /*shape*/, const Kernel& /*kernel*/) const {
        return kEmulatedResidentBlocks;
    }

    template <class Kernel>
    void launch(const LaunchShape& shape, const Kernel& kernel,
                const std::vector<GlobalView>& globals = {}) {
        const KernelFn body = [&kernel](CpuBlock& block) { kernel(block); };
        run(shape, body, globals);
    }

  private:
    struct Allocation {
        std::unique_ptr<unsigned char[]> data;
        std::size_t bytes;
    };
    void* alloc_bytes(std::size_t bytes);
    void run(const LaunchShape& shape, const KernelFn& body,
             const std::vector<GlobalView>& globals);
    // `stopped_block`: where a block's kernel throws, that block (its capture finished where it
    // stopped), before the exception goes on; -1 where the blocks interleave.
    void run_grid(const LaunchShape& shape, const KernelFn& body, CaptureBuffers* capture,
                  std::vector<RawBarrierSplit>* splits = nullptr, int* stopped_block = nullptr);
    void run_interleaved(GridContext& grid);

    RawCapture* capture_;
    std::uint64_t seed_;
    std::uint64_t launches_ = 0;
    std::vector<Allocation> allocations_;
    std::size_t kept_ = 0;    // allocations before keep_allocations()
    std::size_t cursor_ = 0;  // next allocation to hand back after rewind(); 0: allocate
    int repeat_ = 0;          // rewinds so far
};

}  // namespace scanscope::emu
