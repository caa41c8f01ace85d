// Inclusive scan within each warp using __shfl_up_sync.
__global__ void scan_warp_shuffle(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = i < n ? in[i] : 0;
    for (int off = 1; off < 32; off <<= 1) {
        int up = __shfl_up_sync(0xffffffffu, v, off);
        if (lane >= off) v += up;
    }
    if (i < n) out[i] = v;
}
