// A Hillis-Steele scan with a barrier inside an if that only threads 0-15 enter: threads 16-31
// skip it and meet the next barrier instead, which pairs them with the wrong step.
// scanscope: threads=n
__global__ void scan(int *out, const int *in, int n)
{
    __shared__ int temp[64];
    int t = threadIdx.x;
    temp[t] = in[t];
    for (int offset = 1; offset < n; offset *= 2) {
        if (t < 16)
            __syncthreads();  // only threads 0-15 wait here
        int v = t >= offset ? temp[t - offset] : 0;
        __syncthreads();
        temp[t] += v;
    }
    __syncthreads();
    out[t] = temp[t];
}
