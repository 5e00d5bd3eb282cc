// A scan of your own, in plain CUDA, for ScanScope: Harris's work-efficient (Blelloch) exclusive
// scan of one block, two elements a thread, unpadded. Copy it, change the algorithm, and run
//
//   scanscope run --kernel my_scan.cu --like blelloch --n 64     right or wrong, races, conflicts
//   scanscope --kernel my_scan.cu --n 64                          the window, step by step
//
// ScanScope launches the kernel itself (your host code, if you keep it, is read and left out):
// the line below gives the block and the shared memory, as expressions in n. It passes the
// output, the input and n; each __syncthreads() ends a step, named by the comment on its line or
// on its loop's, showing the loop's variable.
// scanscope: threads=max(pow2(n)/2,1) shared=2*max(pow2(n)/2,1)*sizeof(int)
__global__ void scan(int *out, const int *in, int n)
{
    extern __shared__ int temp[];
    int thid = threadIdx.x;
    int m = 2 * blockDim.x;  // n rounded up to a power of two

    // Two elements a thread; zeros past the end.
    temp[2 * thid] = 2 * thid < n ? in[2 * thid] : 0;
    temp[2 * thid + 1] = 2 * thid + 1 < n ? in[2 * thid + 1] : 0;

    int offset = 1;
    for (int d = m / 2; d > 0; d /= 2) {  // up-sweep
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (thid == 0) temp[m - 1] = 0;  // clear the root

    for (int d = 1; d < m; d *= 2) {  // down-sweep
        offset /= 2;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }

    __syncthreads();  // store
    if (2 * thid < n) out[2 * thid] = temp[2 * thid];
    if (2 * thid + 1 < n) out[2 * thid + 1] = temp[2 * thid + 1];
}
