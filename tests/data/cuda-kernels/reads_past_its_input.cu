// A student's Hillis-Steele scan in one buffer, with a barrier between the reads and the writes of
// each round, that on its third round (d = 4) also adds in[i + 64]: a read past the end of the
// input. The emulation stops it there, naming the thread, the index and the line; its six steps
// up to the error are kept, to be stepped through.
__global__ void scan(int *out, const int *in, int n)
{
    __shared__ int t[64];
    int i = threadIdx.x;
    t[i] = in[i];
    __syncthreads();
    for (int d = 1; d < n; d *= 2) {
        int v = t[i];
        if (i >= d) v += t[i - d];
        if (d == 4) v += in[i + 64];
        __syncthreads();
        t[i] = v;
        __syncthreads();
    }
    out[i] = t[i];
}
