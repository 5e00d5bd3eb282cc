// Hillis-Steele with the loop's step written `stride * 2`: the stride never changes, the loop never
// ends. The compilers warn; the run meets its time limit.
// scanscope: threads=n
__global__ void scan(int *out, const int *in, int n)
{
    __shared__ int temp[64];
    int t = threadIdx.x;
    temp[t] = in[t];
    for (int stride = 1; stride < n; stride * 2) {
        __syncthreads();
        int v = t >= stride ? temp[t - stride] : 0;
        __syncthreads();
        temp[t] += v;
    }
    out[t] = temp[t];
}
