// Timing on the GPU: the variants (through the typed units), a device copy, CUB.
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>

#include "core/bits.h"
#include "core/ops.h"
#include "gpu/gpu_timing.cuh"
#include "variants/run.h"
#include "variants/run_typed.h"

namespace scanscope {
namespace {

template <class T>
struct MaxFunctor {
    __host__ __device__ T operator()(const T& a, const T& b) const { return b > a ? b : a; }
};

// Device buffers freed on every way out.
struct DeviceBuffer {
    void* data = nullptr;
    explicit DeviceBuffer(std::size_t bytes) {
        SS_CUDA_CHECK(cudaMalloc(&data, std::max<std::size_t>(bytes, 1)));
    }
    ~DeviceBuffer() { cudaFree(data); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

// A CUB call(temp, temp_bytes) on `stream`: its temporary storage asked for and allocated, one
// run whose `out_count` 32-bit results go to `output` (when asked for), then timed.
template <class Call>
Timing time_cub_call(cudaStream_t stream, const TimingPlan& plan, const Call& call, const void* out,
                     int out_count, std::vector<std::uint32_t>* output) {
    std::size_t temp_bytes = 0;
    SS_CUDA_CHECK(call(nullptr, temp_bytes));
    DeviceBuffer temp(temp_bytes);
    auto run = [&] { SS_CUDA_CHECK(call(temp.data, temp_bytes)); };
    run();
    SS_CUDA_CHECK(cudaStreamSynchronize(stream));
    if (output) {
        output->resize(std::size_t(out_count));
        SS_CUDA_CHECK(
            cudaMemcpy(output->data(), out, std::size_t(out_count) * 4, cudaMemcpyDeviceToHost));
    }
    return time_on_stream(stream, plan, run);
}

// One CUB call on (in, out, n): scan inclusive or exclusive, or reduce; + or max.
template <class T>
cudaError_t cub_call(void* temp, std::size_t& temp_bytes, const T* in, T* out, int n, bool reduce,
                     bool inclusive, OpKind op, cudaStream_t stream) {
    if (reduce) {
        if (op == OpKind::Add) return cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n, stream);
        return cub::DeviceReduce::Reduce(temp, temp_bytes, in, out, n, MaxFunctor<T>{},
                                         MaxOp<T>::identity(), stream);
    }
    if (op == OpKind::Add) {
        if (inclusive) return cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, out, n, stream);
        return cub::DeviceScan::ExclusiveSum(temp, temp_bytes, in, out, n, stream);
    }
    if (inclusive)
        return cub::DeviceScan::InclusiveScan(temp, temp_bytes, in, out, MaxFunctor<T>{}, n,
                                              stream);
    return cub::DeviceScan::ExclusiveScan(temp, temp_bytes, in, out, MaxFunctor<T>{},
                                          MaxOp<T>::identity(), n, stream);
}

template <class T>
Timing cub_typed(const RunRequest& r, const std::vector<std::uint32_t>& input,
                 const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    const bool reduce = card_of(r).algorithm == Algorithm::Reduce;
    const int n = r.n, out_n = reduce ? 1 : n;
    cudaStream_t stream;
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    DeviceBuffer in(std::size_t(n) * sizeof(T)), out(std::size_t(out_n) * sizeof(T));
    SS_CUDA_CHECK(
        cudaMemcpy(in.data, input.data(), std::size_t(n) * sizeof(T), cudaMemcpyHostToDevice));
    // That copy ran on the legacy stream, and from pageable memory it may still be landing when
    // cudaMemcpy returns: `stream` (non-blocking) does not wait for it. (Seen on an H200: CUB's
    // reduction read half-copied input.)
    SS_CUDA_CHECK(cudaDeviceSynchronize());
    auto call = [&](void* temp, std::size_t& temp_bytes) {
        return cub_call<T>(temp, temp_bytes, static_cast<T*>(in.data), static_cast<T*>(out.data), n,
                           reduce, r.inclusive, r.op, stream);
    };
    const Timing timing = time_cub_call(stream, plan, call, out.data, out_n, output);
    cudaStreamDestroy(stream);
    return timing;
}

// The compactions' predicate, as the kernels have it (core/keep_rule.h).
template <class T>
struct KeepFunctor {
    Keep<T> keep;
    __host__ __device__ bool operator()(const T& x) const { return keep(x); }
};

// DeviceSelect::If with the predicate, or DeviceSelect::Flagged on one-byte flags made
// beforehand (their making is not timed). The output's words past the kept stay 0, as a fresh
// buffer leaves them for the kernels.
template <class T>
Timing cub_select_typed(const std::vector<std::uint32_t>& input, const KeepRule& rule, bool flagged,
                        const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    const KeepFunctor<T> keep{Keep<T>(rule)};
    const int n = int(input.size());
    cudaStream_t stream;
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    DeviceBuffer in(std::size_t(n) * sizeof(T)), out(std::size_t(n) * sizeof(T)),
        flags(flagged ? std::size_t(n) : 0), count(sizeof(int));
    SS_CUDA_CHECK(
        cudaMemcpy(in.data, input.data(), std::size_t(n) * sizeof(T), cudaMemcpyHostToDevice));
    SS_CUDA_CHECK(cudaMemset(out.data, 0, std::size_t(n) * sizeof(T)));
    if (flagged) {
        std::vector<unsigned char> host(input.size());
        for (std::size_t i = 0; i < input.size(); ++i)
            host[i] = keep(from_bits<T>(input[i])) ? 1 : 0;
        SS_CUDA_CHECK(cudaMemcpy(flags.data, host.data(), host.size(), cudaMemcpyHostToDevice));
    }
    SS_CUDA_CHECK(cudaDeviceSynchronize());  // the legacy stream's copies, before `stream` reads
    const T* d_in = static_cast<const T*>(in.data);
    T* d_out = static_cast<T*>(out.data);
    int* d_count = static_cast<int*>(count.data);
    const auto* d_flags = static_cast<const unsigned char*>(flags.data);
    auto call = [&](void* temp, std::size_t& temp_bytes) {
        return flagged
                   ? cub::DeviceSelect::Flagged(temp, temp_bytes, d_in, d_flags, d_out, d_count, n,
                                                stream)
                   : cub::DeviceSelect::If(temp, temp_bytes, d_in, d_out, d_count, n, keep, stream);
    };
    const Timing timing = time_cub_call(stream, plan, call, out.data, n, output);
    cudaStreamDestroy(stream);
    return timing;
}

struct SameKey {
    __host__ __device__ bool operator()(unsigned char a, unsigned char b) const { return a == b; }
};

// DeviceScan::InclusiveScanByKey or ExclusiveScanByKey, + or max, the heads turned into keys
// beforehand (untimed): one byte each, the segment's number mod 256, so that neighbours in
// different segments differ, as the kernels read one byte of head per element.
template <class T>
Timing cub_by_key_typed(const RunRequest& r, const std::vector<std::uint32_t>& input,
                        const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    const int n = r.n;
    cudaStream_t stream;
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    DeviceBuffer in(std::size_t(n) * sizeof(T)), out(std::size_t(n) * sizeof(T)),
        keys{std::size_t(n)};
    SS_CUDA_CHECK(
        cudaMemcpy(in.data, input.data(), std::size_t(n) * sizeof(T), cudaMemcpyHostToDevice));
    {
        const std::vector<int> heads = head_flags(r);
        std::vector<unsigned char> host(heads.size());
        unsigned char segment = 0;
        for (std::size_t i = 0; i < heads.size(); ++i) {
            if (heads[i] && i > 0) ++segment;
            host[i] = segment;
        }
        SS_CUDA_CHECK(cudaMemcpy(keys.data, host.data(), host.size(), cudaMemcpyHostToDevice));
    }
    SS_CUDA_CHECK(cudaDeviceSynchronize());  // the legacy stream's copies, before `stream` reads
    const T* d_in = static_cast<const T*>(in.data);
    T* d_out = static_cast<T*>(out.data);
    const auto* d_keys = static_cast<const unsigned char*>(keys.data);
    auto call = [&](void* temp, std::size_t& temp_bytes) {
        if (r.op == OpKind::Add)
            return r.inclusive ? cub::DeviceScan::InclusiveSumByKey(temp, temp_bytes, d_keys, d_in,
                                                                    d_out, n, SameKey{}, stream)
                               : cub::DeviceScan::ExclusiveSumByKey(temp, temp_bytes, d_keys, d_in,
                                                                    d_out, n, SameKey{}, stream);
        return r.inclusive
                   ? cub::DeviceScan::InclusiveScanByKey(temp, temp_bytes, d_keys, d_in, d_out,
                                                         MaxFunctor<T>{}, n, SameKey{}, stream)
                   : cub::DeviceScan::ExclusiveScanByKey(temp, temp_bytes, d_keys, d_in, d_out,
                                                         MaxFunctor<T>{}, MaxOp<T>::identity(), n,
                                                         SameKey{}, stream);
    };
    const Timing timing = time_cub_call(stream, plan, call, out.data, n, output);
    cudaStreamDestroy(stream);
    return timing;
}

// The row of entry k of a table `width` wide: a by-key scan's key.
struct RowOf {
    int width;
    __host__ __device__ int operator()(int k) const { return k / width; }
};

struct SameRow {
    __host__ __device__ bool operator()(int a, int b) const { return a == b; }
};

// `in`, `width` wide and `height` high, into `out`, `height` wide: 32 x 32 entries a block
// through shared memory (a column of padding, so that the column reads meet 32 banks).
template <class T>
__global__ void transpose_table(const T* in, T* out, int width, int height) {
    __shared__ T tile[32][33];
    const int x = int(blockIdx.x) * 32 + int(threadIdx.x), first_y = int(blockIdx.y) * 32;
    for (int j = int(threadIdx.y); j < 32; j += 8)
        if (x < width && first_y + j < height)
            tile[j][threadIdx.x] = in[std::size_t(first_y + j) * std::size_t(width) + x];
    __syncthreads();
    const int out_x = first_y + int(threadIdx.x), first_out_y = int(blockIdx.x) * 32;
    for (int j = int(threadIdx.y); j < 32; j += 8)
        if (out_x < height && first_out_y + j < width)
            out[std::size_t(first_out_y + j) * std::size_t(height) + out_x] = tile[threadIdx.x][j];
}

template <class T>
cudaError_t transpose(const T* in, T* out, int width, int height, cudaStream_t stream) {
    const dim3 grid(unsigned((width + 31) / 32), unsigned((height + 31) / 32)), block(32, 8);
    transpose_table<T><<<grid, block, 0, stream>>>(in, out, width, height);
    return cudaGetLastError();
}

// An inclusive scan of each row of a table `width` wide, by key (the row, computed from the
// index): DeviceScan::InclusiveSumByKey, or InclusiveScanByKey with max.
template <class T>
cudaError_t scan_rows(void* temp, std::size_t& temp_bytes, const T* in, T* out, int n, int width,
                      OpKind op, cudaStream_t stream) {
    const auto rows =
        thrust::make_transform_iterator(thrust::counting_iterator<int>(0), RowOf{width});
    if (op == OpKind::Add)
        return cub::DeviceScan::InclusiveSumByKey(temp, temp_bytes, rows, in, out, n, SameRow{},
                                                  stream);
    return cub::DeviceScan::InclusiveScanByKey(temp, temp_bytes, rows, in, out, MaxFunctor<T>{}, n,
                                               SameRow{}, stream);
}

// A summed-area table with CUB: its rows scanned by key, the table transposed, its (former)
// columns scanned by key, transposed back. Four launches; the keys come from the index.
template <class T>
Timing cub_summed_area_typed(const RunRequest& r, const std::vector<std::uint32_t>& input,
                             const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    const int n = r.n, width = table_width(r), height = n / width;
    const std::size_t bytes = std::size_t(n) * sizeof(T);
    cudaStream_t stream;
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    DeviceBuffer in(bytes), out(bytes), rows_done(bytes), turned(bytes);
    SS_CUDA_CHECK(cudaMemcpy(in.data, input.data(), bytes, cudaMemcpyHostToDevice));
    SS_CUDA_CHECK(cudaDeviceSynchronize());  // the legacy stream's copy, before `stream` reads
    T* d_in = static_cast<T*>(in.data);
    T* d_out = static_cast<T*>(out.data);
    T* d_rows = static_cast<T*>(rows_done.data);
    T* d_turned = static_cast<T*>(turned.data);
    auto call = [&](void* temp, std::size_t& temp_bytes) -> cudaError_t {
        if (!temp) {  // the larger of the two scans' temporary storage
            std::size_t across = 0, down = 0;
            cudaError_t e = scan_rows<T>(nullptr, across, d_in, d_rows, n, width, r.op, stream);
            if (e == cudaSuccess)
                e = scan_rows<T>(nullptr, down, d_turned, d_rows, n, height, r.op, stream);
            temp_bytes = std::max(across, down);
            return e;
        }
        cudaError_t e = scan_rows<T>(temp, temp_bytes, d_in, d_rows, n, width, r.op, stream);
        if (e == cudaSuccess) e = transpose<T>(d_rows, d_turned, width, height, stream);
        if (e == cudaSuccess)
            e = scan_rows<T>(temp, temp_bytes, d_turned, d_rows, n, height, r.op, stream);
        if (e == cudaSuccess) e = transpose<T>(d_rows, d_out, height, width, stream);
        return e;
    };
    const Timing timing = time_cub_call(stream, plan, call, out.data, n, output);
    cudaStreamDestroy(stream);
    return timing;
}

// DeviceRadixSort::SortKeys (Onesweep) on the bits the request sorts by, from `in` to `out`, as
// the kernels sort. CUB orders signed and float keys as radix_bits() does (the sign turned over).
template <class T>
Timing cub_sort_typed(const RunRequest& r, const std::vector<std::uint32_t>& input,
                      const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    const int n = r.n;
    const std::size_t bytes = std::size_t(n) * sizeof(T);
    cudaStream_t stream;
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    DeviceBuffer in(bytes), out(bytes);
    SS_CUDA_CHECK(cudaMemcpy(in.data, input.data(), bytes, cudaMemcpyHostToDevice));
    SS_CUDA_CHECK(cudaDeviceSynchronize());  // the legacy stream's copy, before `stream` reads
    const T* d_in = static_cast<const T*>(in.data);
    T* d_out = static_cast<T*>(out.data);
    const int bits = sort_bits(r);
    auto call = [&](void* temp, std::size_t& temp_bytes) {
        return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, d_in, d_out, n, 0, bits, stream);
    };
    const Timing timing = time_cub_call(stream, plan, call, out.data, n, output);
    cudaStreamDestroy(stream);
    return timing;
}

}  // namespace

Timing time_variant_on_gpu(const RunRequest& r, const std::vector<std::uint32_t>& input,
                           const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    if (std::string problem = check_request(r); !problem.empty()) throw BadRequest(problem);
    using namespace detail;
    if (r.type == ElementType::Int32)
        return r.op == OpKind::Add ? gpu_time_int32_add(r, input, plan, output)
                                   : gpu_time_int32_max(r, input, plan, output);
    return r.op == OpKind::Add ? gpu_time_float32_add(r, input, plan, output)
                               : gpu_time_float32_max(r, input, plan, output);
}

double capture_kernel_ms(const RunRequest& r, const std::vector<std::uint32_t>& input) {
    if (std::string problem = check_request(r); !problem.empty()) throw BadRequest(problem);
    using namespace detail;
    if (r.type == ElementType::Int32)
        return r.op == OpKind::Add ? gpu_capture_ms_int32_add(r, input)
                                   : gpu_capture_ms_int32_max(r, input);
    return r.op == OpKind::Add ? gpu_capture_ms_float32_add(r, input)
                               : gpu_capture_ms_float32_max(r, input);
}

Timing time_device_copy(std::size_t bytes, const TimingPlan& plan) {
    cudaStream_t stream;
    SS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    DeviceBuffer from(bytes), to(bytes);
    SS_CUDA_CHECK(cudaMemset(from.data, 1, bytes));
    SS_CUDA_CHECK(cudaDeviceSynchronize());  // the legacy stream's memset, before the timed copies
    const Timing timing = time_on_stream(stream, plan, [&] {
        SS_CUDA_CHECK(cudaMemcpyAsync(to.data, from.data, bytes, cudaMemcpyDeviceToDevice, stream));
    });
    cudaStreamDestroy(stream);
    return timing;
}

Timing time_cub(const RunRequest& r, const std::vector<std::uint32_t>& input,
                const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    if (std::string problem = check_request(r); !problem.empty()) throw BadRequest(problem);
    if (card_of(r).algorithm == Algorithm::Compact)
        return time_cub_select(r, input, false, plan, output);
    if (card_of(r).algorithm == Algorithm::SegmentedScan)
        return r.type == ElementType::Int32 ? cub_by_key_typed<std::int32_t>(r, input, plan, output)
                                            : cub_by_key_typed<float>(r, input, plan, output);
    if (card_of(r).algorithm == Algorithm::SummedArea)
        return r.type == ElementType::Int32
                   ? cub_summed_area_typed<std::int32_t>(r, input, plan, output)
                   : cub_summed_area_typed<float>(r, input, plan, output);
    if (card_of(r).algorithm == Algorithm::Split)
        return r.type == ElementType::Int32 ? cub_sort_typed<std::int32_t>(r, input, plan, output)
                                            : cub_sort_typed<float>(r, input, plan, output);
    return r.type == ElementType::Int32 ? cub_typed<std::int32_t>(r, input, plan, output)
                                        : cub_typed<float>(r, input, plan, output);
}

Timing time_cub_select(const RunRequest& r, const std::vector<std::uint32_t>& input, bool flagged,
                       const TimingPlan& plan, std::vector<std::uint32_t>* output) {
    return r.type == ElementType::Int32
               ? cub_select_typed<std::int32_t>(input, r.keep, flagged, plan, output)
               : cub_select_typed<float>(input, r.keep, flagged, plan, output);
}

std::size_t gpu_free_bytes() {
    std::size_t free = 0, total = 0;
    SS_CUDA_CHECK(cudaMemGetInfo(&free, &total));
    return free;
}

}  // namespace scanscope
