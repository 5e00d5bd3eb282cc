// Launching kernels on the GPU, with the same interface as the emulation's launcher
// (kernels/emu/emu_launcher.h) so that the multi-kernel drivers are written once.
//
// Each launch runs the plain kernel (GpuBlock<PlainMode>), or, when capturing, the capturing
// kernel (GpuBlock<CaptureMode>) whose device buffers are copied back once after the launch.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "core/launch_shape.h"
#include "core/raw_capture.h"
#include "gpu/cuda_check.h"
#include "gpu/gpu_block.cuh"

namespace scanscope {

template <class Mode, class Kernel>
__global__ void block_kernel(Kernel kernel, LaunchEnv env) {
    GpuBlock<Mode> block(env);
    kernel(block);
    block.finish();
}

// Kernels whose large tiles fill the register file name the most threads a block may have
// (kMaxBlockThreads); they are compiled for that many (__launch_bounds__), so the compiler keeps
// within the registers a full block gets.
template <class Kernel, class = void>
struct BlockThreadsBound {
    static constexpr int value = 0;  // no bound
};
template <class Kernel>
struct BlockThreadsBound<Kernel, std::void_t<decltype(Kernel::kMaxBlockThreads)>> {
    static constexpr int value = Kernel::kMaxBlockThreads;
};

// They may also ask for at least kMinBlocksPerSm of their blocks on an SM at once: the compiler
// then keeps within the registers that many blocks leave each thread.
template <class Kernel, class = void>
struct MinBlocksPerSm {
    static constexpr int value = 1;
};
template <class Kernel>
struct MinBlocksPerSm<Kernel, std::void_t<decltype(Kernel::kMinBlocksPerSm)>> {
    static constexpr int value = Kernel::kMinBlocksPerSm;
};

template <class Mode, class Kernel, int MaxThreads>
__global__ void __launch_bounds__(MaxThreads) bounded_block_kernel(Kernel kernel, LaunchEnv env) {
    GpuBlock<Mode> block(env);
    kernel(block);
    block.finish();
}
// A twin of bounded_block_kernel for kernels that ask for blocks an SM (MinBlocksPerSm > 1). It is
// not one template with MinBlocks = 1, because a second argument, even 1, can change the other
// kernels' registers from those their records measured.
template <class Mode, class Kernel, int MaxThreads, int MinBlocks>
__global__ void __launch_bounds__(MaxThreads, MinBlocks)
    dense_block_kernel(Kernel kernel, LaunchEnv env) {
    GpuBlock<Mode> block(env);
    kernel(block);
    block.finish();
}

// Persistent kernels (kPersistent) deal work round their blocks and wait on each other's: every
// block must be resident at once, which a cooperative launch guarantees (or refuses).
template <class Kernel, class = void>
struct PersistentKernel {
    static constexpr bool value = false;
};
template <class Kernel>
struct PersistentKernel<Kernel, std::void_t<decltype(Kernel::kPersistent)>> {
    static constexpr bool value = Kernel::kPersistent;
};
template <class Kernel>
constexpr bool requires_all_resident() {
    return PersistentKernel<Kernel>::value;
}

template <class Mode, class Kernel>
constexpr auto kernel_entry() {
    constexpr int bound = BlockThreadsBound<Kernel>::value;
    if constexpr (bound > 0 && MinBlocksPerSm<Kernel>::value > 1)
        return &dense_block_kernel<Mode, Kernel, bound, MinBlocksPerSm<Kernel>::value>;
    else if constexpr (bound > 0)
        return &bounded_block_kernel<Mode, Kernel, bound>;
    else
        return &block_kernel<Mode, Kernel>;
}

// Device memory for one capture attempt, mirroring HostCaptureStorage.
class DeviceCaptureStorage {
  public:
    explicit DeviceCaptureStorage(const HostCaptureStorage& host);
    ~DeviceCaptureStorage();
    DeviceCaptureStorage(const DeviceCaptureStorage&) = delete;
    DeviceCaptureStorage& operator=(const DeviceCaptureStorage&) = delete;

    CaptureBuffers buffers() const { return buffers_; }
    void copy_back(HostCaptureStorage& host) const;

  private:
    CaptureBuffers buffers_;
    std::vector<void*> allocations_;
};

class GpuLauncher {
  public:
    explicit GpuLauncher(RawCapture* capture = nullptr);
    ~GpuLauncher();
    GpuLauncher(const GpuLauncher&) = delete;
    GpuLauncher& operator=(const GpuLauncher&) = delete;

    bool capturing() const { return capture_ != nullptr; }
    cudaStream_t stream() const { return stream_; }

    // Device memory, zeroed when first allocated. After keep_allocations(), rewind() makes the
    // next allocations hand back the same buffers, in the same order, as the last run left them
    // (timing loops run the same driver again without cudaMalloc in the timed region).
    template <class T>
    T* alloc(std::size_t count) {
        return static_cast<T*>(alloc_bytes(count * sizeof(T)));
    }
    void keep_allocations() { kept_ = allocations_.size(); }
    void rewind() {
        cursor_ = kept_;
        ++repeat_;
    }
    // How many times the run has been repeated on the same buffers (rewinds): 0 for a first run,
    // whose buffers are fresh and zeroed.
    int repeat() const { return repeat_; }
    // The capturing kernels' own time in the last capture, summed over its launches (CUDA
    // events around each launch: no allocation, no copy-back).
    double capture_kernel_ms() const { return capture_kernel_ms_; }
    template <class T>
    void upload(T* to, const T* from, std::size_t count) {
        SS_CUDA_CHECK(
            cudaMemcpyAsync(to, from, count * sizeof(T), cudaMemcpyHostToDevice, stream_));
    }
    template <class T>
    void download(T* to, const T* from, std::size_t count) {
        SS_CUDA_CHECK(
            cudaMemcpyAsync(to, from, count * sizeof(T), cudaMemcpyDeviceToHost, stream_));
        SS_CUDA_CHECK(cudaStreamSynchronize(stream_));
    }

    template <class Kernel>
    void launch(const LaunchShape& shape, const Kernel& kernel,
                const std::vector<GlobalView>& globals = {}) {
        check_launch_shape(shape);
        if (!capture_) {
            LaunchEnv env;
            env.shared_bytes = shape.shared_bytes;
            start(kernel_entry<PlainMode, Kernel>(), shape, shape.shared_bytes, kernel, env);
            return;
        }
        const std::uint32_t shared = shape.shared_bytes + kCaptureScratchBytes;
        capture_launch(shape, globals, [&](const CaptureBuffers& buffers) {
            LaunchEnv env;
            env.shared_bytes = shape.shared_bytes;
            env.capture = buffers;
            start(kernel_entry<CaptureMode, Kernel>(), shape, shared, kernel, env);
        });
    }

    // The most dynamic shared memory a block may ask for on this GPU (after opting in).
    std::uint32_t max_shared_bytes_per_block() const;

    // How many blocks of this launch fit on the GPU at once (the occupancy calculator, for the
    // kernel this launcher would run: plain or capturing).
    template <class Kernel>
    int resident_blocks(const LaunchShape& shape, const Kernel& /*kernel*/) const {
        if (capture_)
            return resident_blocks_of(
                reinterpret_cast<const void*>(kernel_entry<CaptureMode, Kernel>()), shape.block,
                shape.shared_bytes + kCaptureScratchBytes);
        return resident_blocks_of(reinterpret_cast<const void*>(kernel_entry<PlainMode, Kernel>()),
                                  shape.block, shape.shared_bytes);
    }

    void synchronize() { SS_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

  private:
    template <class Kernel>
    void start(void (*entry)(Kernel, LaunchEnv), const LaunchShape& shape, std::uint32_t shared,
               Kernel kernel, LaunchEnv env) {
        const auto* function = reinterpret_cast<const void*>(entry);
        allow_shared(function, shared);
        if constexpr (requires_all_resident<Kernel>()) {
            void* args[] = {&kernel, &env};
            SS_CUDA_CHECK(cudaLaunchCooperativeKernel(function, shape.grid, shape.block, args,
                                                      shared, stream_));
        } else {
            entry<<<shape.grid, shape.block, shared, stream_>>>(kernel, env);
            SS_CUDA_CHECK_LAUNCH();
        }
    }
    // Raises the kernel's dynamic shared-memory limit to `bytes` where it is above the default
    // 48 KiB (once per kernel and size: the timed loops launch again and again).
    static void allow_shared(const void* kernel, std::uint32_t bytes);
    // Blocks of `threads` threads and `shared` bytes that fit on the GPU at once (cached).
    static int resident_blocks_of(const void* kernel, int threads, std::uint32_t shared);

    struct Allocation {
        void* data;
        std::size_t bytes;
    };
    void* alloc_bytes(std::size_t bytes);
    template <class Run>
    void capture_launch(const LaunchShape& shape, const std::vector<GlobalView>& globals,
                        const Run& run);
    std::vector<std::vector<unsigned char>> checkpoint() const;
    void restore(const std::vector<std::vector<unsigned char>>& saved);
    RawGlobal read_global(const GlobalView& view) const;

    RawCapture* capture_;
    cudaStream_t stream_ = nullptr;
    std::vector<Allocation> allocations_;
    std::size_t kept_ = 0;    // allocations before keep_allocations()
    std::size_t cursor_ = 0;  // next allocation to hand back after rewind(); 0: allocate
    int repeat_ = 0;          // rewinds so far
    double capture_kernel_ms_ = 0;
};

template <class Run>
void GpuLauncher::capture_launch(const LaunchShape& shape, const std::vector<GlobalView>& globals,
                                 const Run& run) {
    const auto saved = checkpoint();
    CaptureCapacity capacity;
    for (;;) {
        const std::size_t bytes = capture_bytes(shape, capacity);
        if (bytes > kMaxCaptureBytes)
            throw std::runtime_error("capturing '" + shape.name + "' would take " +
                                     std::to_string(bytes >> 20) +
                                     " MiB; captures are for teaching sizes (try a smaller n)");
        HostCaptureStorage host(shape, capacity);
        DeviceCaptureStorage device(host);
        cudaEvent_t start, stop;
        SS_CUDA_CHECK(cudaEventCreate(&start));
        SS_CUDA_CHECK(cudaEventCreate(&stop));
        SS_CUDA_CHECK(cudaEventRecord(start, stream_));
        run(device.buffers());
        SS_CUDA_CHECK(cudaEventRecord(stop, stream_));
        synchronize();
        float ms = 0;
        SS_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
        device.copy_back(host);
        if (host.overflow() & kSharedOverflow)
            throw std::logic_error("'" + shape.name +
                                   "' asks for more shared memory than its launch gives");
        if (host.overflow() == 0) {
            capture_kernel_ms_ += double(ms);
            RawLaunch raw = host.to_raw();
            for (const GlobalView& g : globals)
                raw.globals.push_back(read_global(g));
            capture_->launches.push_back(std::move(raw));
            return;
        }
        capacity = host.grown();
        restore(saved);
    }
}

}  // namespace scanscope
