// Kirk & Hwu, ECE408 lecture 5: the inclusive scan of one section, each thread loading one value
// into T0, then, for strides 1, 2, 4..., adding the value `stride` to its left from one buffer
// into the other (ping-pong), so that no thread reads a word another is writing.
#define SECTION_SIZE 64

__global__ void double_buffered_scan(float *X, float *Y, int InputSize)
{
    __shared__ float T0[SECTION_SIZE];
    __shared__ float T1[SECTION_SIZE];
    float *source = T0;
    float *destination = T1;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < InputSize) source[threadIdx.x] = X[i];  // each thread loads one value
    else source[threadIdx.x] = 0;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        if (threadIdx.x >= stride)
            destination[threadIdx.x] = source[threadIdx.x] + source[threadIdx.x - stride];
        else
            destination[threadIdx.x] = source[threadIdx.x];
        float *written = destination;  // the buffer just written is read next
        destination = source;
        source = written;
    }
    if (i < InputSize) Y[i] = source[threadIdx.x];
}
