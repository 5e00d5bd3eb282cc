// A reduction of your own, in plain CUDA, for ScanScope: the sum with sequential addressing (the
// Seneca chapter's and Harris's "reduction #3"), a partial sum per block. Copy it, change it, and
//
//   scanscope run --kernel my_reduce.cu --like reduce-sequential --n 1024
//
// `kind=reduce` checks it as a reduction: ScanScope adds the blocks' results (out[0], out[1], ...)
// as a host would, and compares the total with a sequential loop. The kernel reads blockIdx, so
// it gets as many blocks as n needs, `threads` each.
// scanscope: threads=min(pow2(n),256) kind=reduce
#define BLOCK 256

__global__ void reduce(int *out, const int *in, int n)
{
    __shared__ int partial[BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    partial[t] = i < n ? in[i] : 0;

    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {  // halve
        __syncthreads();
        if (t < stride) partial[t] += partial[t + stride];
    }

    if (t == 0) out[blockIdx.x] = partial[0];
}
