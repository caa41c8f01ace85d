// Threadfence reduction: each block writes a partial sum, the last block to finish adds them up.
__device__ unsigned blocks_done;
__global__ void last_block_done(const unsigned *in, unsigned *partial, unsigned *total) {
    __shared__ unsigned sum;
    __shared__ bool is_last;
    if (threadIdx.x == 0) sum = 0;
    __syncthreads();
    atomicAdd(&sum, in[blockIdx.x * blockDim.x + threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = sum;
        __threadfence();
        unsigned ticket = atomicInc(&blocks_done, gridDim.x);
        is_last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (is_last && threadIdx.x == 0) {
        unsigned t = 0;
        for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
        *total = t;
    }
}
