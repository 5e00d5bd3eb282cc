// A scan of the whole array over several blocks, in one kernel, in plain CUDA, for ScanScope.
// Each block scans its own tile (Hillis-Steele) and adds the sum of everything before the tile,
// which it adds up itself: no block waits for another, at the cost of reading the earlier input
// again in every block (the work the decoupled look-back saves: see its lessons). Run
//
//   scanscope run --kernel my_scan.cu --like scan-then-propagate --n 1000
//
// The kernel reads blockIdx, so it gets as many blocks as n needs, `threads` each.
// scanscope: threads=min(pow2(n),256)
#define TILE 256

__global__ void scan(int *out, const int *in, int n)
{
    __shared__ int carry[TILE];
    __shared__ int tile[TILE];
    int t = threadIdx.x;
    int first = blockIdx.x * blockDim.x;

    // What comes before this block: every earlier element, in a sum per thread...
    int mine = 0;
    for (int i = t; i < first; i += blockDim.x)
        mine += in[i];
    carry[t] = mine;
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {  // ...then reduced
        __syncthreads();
        if (t < stride) carry[t] += carry[t + stride];
    }

    tile[t] = first + t < n ? in[first + t] : 0;
    for (int offset = 1; offset < blockDim.x; offset *= 2) {  // the tile, scanned
        __syncthreads();
        int left = t >= offset ? tile[t - offset] : 0;
        __syncthreads();
        tile[t] += left;
    }

    __syncthreads();  // store: exclusive, the carry added
    if (first + t < n) out[first + t] = carry[0] + (t > 0 ? tile[t - 1] : 0);
}
