// A reduction by atomics: each thread adds its value into one shared word, then thread 0 adds
// the block's total into out[0]. Atomics on one word never race; they are not loads or stores.
// scanscope: kind=reduce
__global__ void reduce(int *out, const int *in, int n)
{
    __shared__ int total;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&total, in[i]);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(&out[0], total);
}
