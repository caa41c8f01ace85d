// Speed suite: sum of a ring buffer of n floats (n a power of two) read `reps` times over,
// as a grid-stride loop per thread, then a shared-memory tree per block (blockDim.x a power
// of two, at most 256); one partial sum per block. The repetitions keep the data small
// enough to ship to the GPU machine while the launch lasts long enough to time.
__global__ void reduce_sum(const float* __restrict__ x, float* __restrict__ partial, int n,
                           int reps) {
    __shared__ float sh[256];
    unsigned mask = (unsigned)n - 1u;
    long long total = (long long)n * reps;
    long long stride = (long long)gridDim.x * blockDim.x;
    float s = 0.0f;
    for (long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x; j < total; j += stride)
        s += x[(unsigned)j & mask];
    sh[threadIdx.x] = s;
    __syncthreads();
    for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h) sh[threadIdx.x] += sh[threadIdx.x + h];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sh[0];
}
