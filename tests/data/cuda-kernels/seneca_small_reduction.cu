// Seneca, "CUDA Memory Model": the reduction of a small vector in global memory, one block, as
// printed, with its host program (which ScanScope parses and leaves out).
// Sum a Small-Sized Vector
// small_reduction.cu

#include <iostream>
#include <iomanip>
#include <cstdlib>
#include <cuda_runtime.h>
// to remove intellisense highlighting
#include <device_launch_parameters.h>
#ifndef __CUDACC__
#define __CUDACC__
#endif
#include <device_functions.h>

__global__ void reduce(float* a, int n) {
    int i = threadIdx.x;

    for (int stride = 1; i + stride < n; stride <<= 1) {
        if (i % (2 * stride) == 0)
            a[i] += a[i + stride];
        __syncthreads();
    }
}

int main(int argc, char* argv[]) {
    if (argc != 2) {
        std::cerr << argv[0]
            << ": invalid no of arguments\n"
            << "Usage: " << argv[0]
            << "  no_of_elements\n";
        return 1;
    }
    int   n = atoi(argv[1]);

    // allocate host memory
    float* h_a = new float[n];
    // initialize host memory
    for (int i = 0; i < n; i++)
        h_a[i] = float(std::rand()) / RAND_MAX;
    float h_sum = 0.0f;
    for (int i = 0; i < n; i++)
        h_sum += h_a[i];

    // allocate device memory
    float* d_a; // full device vector
    cudaMalloc((void**)&d_a, n * sizeof(float));
    cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice);

    // reduce to partial sums
    reduce << <1, n >> >(d_a, n);

    // copy from device to host memory
    float d_sum;
    cudaMemcpy(&d_sum, d_a, sizeof(float), cudaMemcpyDeviceToHost);

    // report sums
    std::cout << std::fixed << std::setprecision(1);
    std::cout << "Host sum   = " << h_sum << std::endl;
    std::cout << "Device sum = " << d_sum << std::endl;

    // deallocate memory
    delete[] h_a;
    cudaFree(d_a);
}
