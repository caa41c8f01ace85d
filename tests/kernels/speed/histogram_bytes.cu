// Speed suite: histogram of bytes with 256 bins, privatized per block in shared memory
// (shared atomics), merged with global atomics. The input is a ring of n words (n a power
// of two, 2^log2n) read `reps` times; pass r counts byte r % 4 of each word, so every
// repetition does new work.
__global__ void histogram_bytes(const unsigned* __restrict__ data, unsigned* __restrict__ bins,
                                int log2n, int reps) {
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    long long n = 1ll << log2n;
    long long total = n * reps;
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x; j < total; j += stride) {
        unsigned w = data[j & (n - 1)];
        unsigned shift = (unsigned)((j >> log2n) & 3) * 8u;
        atomicAdd(&local[(w >> shift) & 255u], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}
