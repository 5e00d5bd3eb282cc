#include "gpu/gpu_launcher.cuh"

#include <cstring>
#include <map>
#include <mutex>
#include <tuple>

namespace scanscope {
namespace {

template <class T>
T* device_array(std::size_t count, std::vector<void*>& owned) {
    void* p = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&p, std::max<std::size_t>(count, 1) * sizeof(T)));
    owned.push_back(p);
    SS_CUDA_CHECK(cudaMemset(p, 0, std::max<std::size_t>(count, 1) * sizeof(T)));
    return static_cast<T*>(p);
}

template <class T>
void copy_to_host(std::vector<T>& to, const T* from) {
    if (!to.empty())
        SS_CUDA_CHECK(cudaMemcpy(to.data(), from, to.size() * sizeof(T), cudaMemcpyDeviceToHost));
}

}  // namespace

DeviceCaptureStorage::DeviceCaptureStorage(const HostCaptureStorage& host) {
    try {
        buffers_.records = device_array<AccessRecord>(host.records.size(), allocations_);
        buffers_.record_counts =
            device_array<std::uint32_t>(host.record_counts.size(), allocations_);
        buffers_.records_per_thread = host.capacity.records_per_thread;
        buffers_.marks = device_array<StepMark>(host.marks.size(), allocations_);
        buffers_.step_counts = device_array<std::uint32_t>(host.step_counts.size(), allocations_);
        buffers_.max_steps = host.capacity.max_steps;
        buffers_.snapshots = device_array<std::uint32_t>(host.snapshots.size(), allocations_);
        buffers_.snapshot_taken =
            device_array<std::uint8_t>(host.snapshot_taken.size(), allocations_);
        buffers_.snapshot_words = host.snapshot_words;
        buffers_.events = device_array<TileEvent>(host.events.size(), allocations_);
        buffers_.event_count = device_array<std::uint32_t>(1, allocations_);
        buffers_.max_events = host.capacity.max_events;
        buffers_.arrays = device_array<ArrayRecord>(kMaxSharedArrays, allocations_);
        buffers_.array_count = device_array<std::uint32_t>(1, allocations_);
        buffers_.overflow = device_array<std::uint32_t>(1, allocations_);
        // The zeroing ran on the legacy default stream; the launcher's stream does not wait for it.
        SS_CUDA_CHECK(cudaDeviceSynchronize());
    } catch (...) {
        for (void* p : allocations_)
            cudaFree(p);
        throw;
    }
}

DeviceCaptureStorage::~DeviceCaptureStorage() {
    for (void* p : allocations_)
        cudaFree(p);
}

void DeviceCaptureStorage::copy_back(HostCaptureStorage& host) const {
    copy_to_host(host.records, buffers_.records);
    copy_to_host(host.record_counts, buffers_.record_counts);
    copy_to_host(host.marks, buffers_.marks);
    copy_to_host(host.step_counts, buffers_.step_counts);
    copy_to_host(host.snapshots, buffers_.snapshots);
    copy_to_host(host.snapshot_taken, buffers_.snapshot_taken);
    copy_to_host(host.events, buffers_.events);
    copy_to_host(host.arrays, buffers_.arrays);
    SS_CUDA_CHECK(cudaMemcpy(&host.event_count, buffers_.event_count, 4, cudaMemcpyDeviceToHost));
    SS_CUDA_CHECK(cudaMemcpy(&host.array_count, buffers_.array_count, 4, cudaMemcpyDeviceToHost));
    SS_CUDA_CHECK(cudaMemcpy(&host.overflow_, buffers_.overflow, 4, cudaMemcpyDeviceToHost));
}

namespace {
std::mutex kernel_settings_mutex;
}  // namespace

void GpuLauncher::allow_shared(const void* kernel, std::uint32_t bytes) {
    if (bytes <= 48 * 1024) return;
    static std::map<const void*, std::uint32_t> allowed;
    const std::lock_guard<std::mutex> lock(kernel_settings_mutex);
    std::uint32_t& limit = allowed[kernel];
    if (limit >= bytes) return;
    SS_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
    limit = bytes;
}

int GpuLauncher::resident_blocks_of(const void* kernel, int threads, std::uint32_t shared) {
    allow_shared(kernel, shared);
    static std::map<std::tuple<const void*, int, std::uint32_t>, int> known;
    const std::lock_guard<std::mutex> lock(kernel_settings_mutex);
    const auto key = std::make_tuple(kernel, threads, shared);
    if (auto it = known.find(key); it != known.end()) return it->second;
    int device = 0, multiprocessors = 0, per_multiprocessor = 0;
    SS_CUDA_CHECK(cudaGetDevice(&device));
    SS_CUDA_CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, kernel,
                                                                threads, shared));
    if (per_multiprocessor < 1)
        throw std::runtime_error("a block of " + std::to_string(threads) + " threads and " +
                                 std::to_string(shared) +
                                 " bytes of shared memory does not fit "
                                 "on this GPU's multiprocessors");
    return known[key] = per_multiprocessor * multiprocessors;
}

std::uint32_t GpuLauncher::max_shared_bytes_per_block() const {
    int device = 0, bytes = 0;
    SS_CUDA_CHECK(cudaGetDevice(&device));
    SS_CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    return std::uint32_t(bytes) - kCaptureScratchBytes;
}

GpuLauncher::GpuLauncher(RawCapture* capture) : capture_(capture) {
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
}

GpuLauncher::~GpuLauncher() {
    cudaStreamSynchronize(stream_);
    for (const Allocation& a : allocations_)
        cudaFree(a.data);
    cudaStreamDestroy(stream_);
}

void* GpuLauncher::alloc_bytes(std::size_t bytes) {
    if (cursor_ > 0 && cursor_ < allocations_.size()) {
        const Allocation& again = allocations_[cursor_++];
        if (again.bytes != bytes)
            throw std::logic_error("rewound launcher: the run asked for other buffers");
        return again.data;
    }
    cursor_ = 0;
    void* p = nullptr;
    SS_CUDA_CHECK(cudaMalloc(&p, std::max<std::size_t>(bytes, 1)));
    allocations_.push_back({p, bytes});
    SS_CUDA_CHECK(cudaMemsetAsync(p, 0, std::max<std::size_t>(bytes, 1), stream_));
    return p;
}

std::vector<std::vector<unsigned char>> GpuLauncher::checkpoint() const {
    std::vector<std::vector<unsigned char>> saved;
    SS_CUDA_CHECK(cudaStreamSynchronize(stream_));
    for (const Allocation& a : allocations_) {
        saved.emplace_back(a.bytes);
        if (a.bytes)
            SS_CUDA_CHECK(cudaMemcpy(saved.back().data(), a.data, a.bytes, cudaMemcpyDeviceToHost));
    }
    return saved;
}

void GpuLauncher::restore(const std::vector<std::vector<unsigned char>>& saved) {
    for (std::size_t i = 0; i < saved.size(); ++i)
        if (!saved[i].empty())
            SS_CUDA_CHECK(cudaMemcpy(allocations_[i].data, saved[i].data(), saved[i].size(),
                                     cudaMemcpyHostToDevice));
    // Those copies ran on the legacy stream, which the launcher's stream does not wait for.
    SS_CUDA_CHECK(cudaDeviceSynchronize());
}

RawGlobal GpuLauncher::read_global(const GlobalView& view) const {
    RawGlobal global{view.name, view.element_bytes, std::vector<std::uint64_t>(view.count)};
    std::vector<unsigned char> bytes(view.count * std::size_t(view.element_bytes));
    if (!bytes.empty())
        SS_CUDA_CHECK(cudaMemcpy(bytes.data(), view.data, bytes.size(), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < view.count; ++i)
        std::memcpy(&global.values[i], bytes.data() + i * view.element_bytes,
                    std::size_t(view.element_bytes));
    return global;
}

}  // namespace scanscope
