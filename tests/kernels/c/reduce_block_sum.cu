// Block-level tree reduction (sum) in shared memory, one partial sum per block.
#define BLOCK 256

__global__ void block_sum(const float *in, float *block_sums, int n)
{
    __shared__ float sdata[BLOCK];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    float v = 0.0f;
    if (i < n)
        v = in[i];
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();

    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        block_sums[blockIdx.x] = sdata[0];
}
