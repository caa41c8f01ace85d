// Sum with warp shuffles, then one atomicAdd per warp into a global total.
__global__ void reduce_warp_shuffle(const unsigned *in, unsigned *total, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = i < n ? in[i] : 0u;
    for (int off = 16; off > 0; off /= 2)
        v += __shfl_down_sync(0xffffffffu, v, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(total, v);
}
