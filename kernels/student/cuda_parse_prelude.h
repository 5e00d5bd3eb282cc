// What the front end (app/student/cuda_rewrite.cpp) tells clang before a student's plain CUDA
// file, parsing it without a CUDA installation: the keywords, the built-in variables, the
// intrinsics a scan or reduction uses and enough of the runtime API for the host code around the
// kernel (which is parsed, then left out: ScanScope launches the kernel itself).
#pragma once

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict

typedef __SIZE_TYPE__ size_t;

struct uint3 {
    unsigned x, y, z;
};
struct dim3 {
    unsigned x, y, z;
    __host__ __device__ dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1)
        : x(vx), y(vy), z(vz) {}
    __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

__device__ void __syncthreads();
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence();
__device__ void __threadfence_block();
template <class T>
__device__ T __shfl_sync(unsigned mask, T var, int src_lane, int width = 32);
template <class T>
__device__ T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32);
template <class T>
__device__ T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32);
template <class T>
__device__ T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ int __popc(unsigned);
__device__ int __ffs(int);
__device__ int __clz(int);
template <class T>
__device__ T atomicAdd(T* address, T val);
template <class T>
__device__ T atomicSub(T* address, T val);
template <class T>
__device__ T atomicMax(T* address, T val);
template <class T>
__device__ T atomicMin(T* address, T val);
template <class T>
__device__ T atomicExch(T* address, T val);
template <class T>
__device__ T atomicCAS(T* address, T compare, T val);
__device__ int min(int, int);
__device__ int max(int, int);
__device__ unsigned min(unsigned, unsigned);
__device__ unsigned max(unsigned, unsigned);
__host__ __device__ float fminf(float, float);
__host__ __device__ float fmaxf(float, float);

// The host side, parsed only.
enum cudaError_t { cudaSuccess = 0, cudaErrorInvalidValue = 1 };
typedef cudaError_t cudaError;
enum cudaMemcpyKind {
    cudaMemcpyHostToHost,
    cudaMemcpyHostToDevice,
    cudaMemcpyDeviceToHost,
    cudaMemcpyDeviceToDevice,
    cudaMemcpyDefault
};
typedef struct CUevent_st* cudaEvent_t;
typedef struct CUstream_st* cudaStream_t;
cudaError_t cudaMalloc(void** ptr, size_t size);
template <class T>
cudaError_t cudaMalloc(T** ptr, size_t size);
cudaError_t cudaMallocManaged(void** ptr, size_t size, unsigned flags = 1);
template <class T>
cudaError_t cudaMallocManaged(T** ptr, size_t size, unsigned flags = 1);
cudaError_t cudaFree(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemset(void* dst, int value, size_t count);
template <class T>
cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char* cudaGetErrorString(cudaError_t error);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);
extern "C" int cudaConfigureCall(dim3 grid, dim3 block, size_t shared = 0, cudaStream_t s = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0,
                                                void* stream = 0);
