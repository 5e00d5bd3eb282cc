// Marks code that both nvcc (for the GPU) and the host compiler (for the CPU emulation) compile.
#pragma once

#if defined(__CUDACC__)
#define SS_HD __host__ __device__
#define SS_HD_INLINE __host__ __device__ __forceinline__
#else
#define SS_HD
#define SS_HD_INLINE inline
#endif
