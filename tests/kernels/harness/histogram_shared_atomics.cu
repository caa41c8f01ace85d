// 64-bin histogram of bytes: per-block histogram in shared memory, merged with global atomics.
__global__ void histogram_shared_atomics(const unsigned char *data, unsigned *bins, int n) {
    __shared__ unsigned local_bins[64];
    for (int b = threadIdx.x; b < 64; b += blockDim.x) local_bins[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local_bins[data[i] & 63], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 64; b += blockDim.x) atomicAdd(&bins[b], local_bins[b]);
}
