// Segmented sums with __shfl_down_sync(width 8), a __syncwarp, then a width-16 broadcast.
__global__ void shuffle_width_syncwarp(const int *in, int *seg_sum, int *bcast) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int off = 4; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off, 8);
    __syncwarp();
    seg_sum[i] = v;
    bcast[i] = __shfl_sync(0xffffffffu, in[i], 3, 16);
}
