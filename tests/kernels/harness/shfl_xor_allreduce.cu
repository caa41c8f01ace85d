// Butterfly all-reduce (max) with __shfl_xor_sync, plus a broadcast of lane 7 with __shfl_sync.
__global__ void shfl_xor_allreduce(const int *in, int *max_out, int *bcast_out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int m = v;
    for (int mask = 16; mask > 0; mask >>= 1) m = max(m, __shfl_xor_sync(0xffffffffu, m, mask));
    max_out[i] = m;
    bcast_out[i] = __shfl_sync(0xffffffffu, v, 7);
}
