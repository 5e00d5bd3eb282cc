// The Compute Sanitizer patches of the oracle (built with `nvcc --fatbin
// --compile-as-tools-patch`): the sanitizer calls them, thread by thread, before each shared
// memory access and each block barrier of the unmodified kernel. A launch the oracle did not arm
// has no log (userdata is null) and is left alone.
#include <sanitizer_patching.h>

#include "oracle_log.h"

using scanscope::oracle::SharedStore;
using scanscope::oracle::StoreLog;

namespace {

__device__ std::uint32_t global_thread() {
    const std::uint32_t block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const std::uint32_t in_block =
        threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    return block * (blockDim.x * blockDim.y * blockDim.z) + in_block;
}

}  // namespace

extern "C" __device__ __noinline__ SanitizerPatchResult
ScanScopeSharedAccess(void* userdata, uint64_t, void* ptr, uint32_t accessSize, uint32_t flags,
                      const void* newValue) {
    auto* log = static_cast<StoreLog*>(userdata);
    if (!log || !(flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE)) return SANITIZER_PATCH_SUCCESS;
    // The address is a generic one into the shared window (or, should a release pass it so, the
    // offset itself, which is below the 228 KiB a block can have).
    std::uint32_t offset = 0;
    if (__isShared(ptr))
        offset = static_cast<std::uint32_t>(__cvta_generic_to_shared(ptr));
    else if (reinterpret_cast<std::uintptr_t>(ptr) < 228u * 1024u)
        offset = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(ptr));
    else {
        atomicAdd(&log->not_shared, 1u);
        return SANITIZER_PATCH_SUCCESS;
    }
    const std::uint32_t slot = atomicAdd(&log->count, 1u);
    if (slot >= log->capacity) return SANITIZER_PATCH_SUCCESS;
    const std::uint32_t me = global_thread();
    SharedStore& s = log->stores[slot];
    s.block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    s.thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    s.step = me < log->threads ? log->barriers[me] : 0xffffffffu;
    s.offset = offset;
    s.bytes = accessSize;
    s.atomic = newValue ? 0u : 1u;
    for (int w = 0; w < 4; ++w)
        s.value[w] = 0;
    if (newValue) {
        const auto* bytes = static_cast<const unsigned char*>(newValue);
        for (std::uint32_t b = 0; b < accessSize && b < 16; ++b)
            s.value[b / 4] |= std::uint32_t(bytes[b]) << (8 * (b % 4));
    }
    return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult ScanScopeBarrier(void* userdata, uint64_t,
                                                                         uint32_t barIndex,
                                                                         uint32_t, uint32_t) {
    auto* log = static_cast<StoreLog*>(userdata);
    // Barrier 0 is __syncthreads(); named barriers (bar.sync 1..15) are not block barriers.
    if (!log || barIndex != 0) return SANITIZER_PATCH_SUCCESS;
    const std::uint32_t me = global_thread();
    if (me < log->threads) log->barriers[me] += 1;
    return SANITIZER_PATCH_SUCCESS;
}
