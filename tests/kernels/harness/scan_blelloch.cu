// Exclusive work-efficient (Blelloch) scan of 512 elements by 256 threads of one block.
__global__ void scan_blelloch(const unsigned *in, unsigned *out) {
    __shared__ unsigned t[512];
    int tid = threadIdx.x;
    int n = 512;
    t[2 * tid] = in[2 * tid];
    t[2 * tid + 1] = in[2 * tid + 1];
    int off = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int ai = off * (2 * tid + 1) - 1, bi = off * (2 * tid + 2) - 1;
            t[bi] += t[ai];
        }
        off *= 2;
    }
    if (tid == 0) t[n - 1] = 0;
    for (int d = 1; d < n; d *= 2) {
        off >>= 1;
        __syncthreads();
        if (tid < d) {
            int ai = off * (2 * tid + 1) - 1, bi = off * (2 * tid + 2) - 1;
            unsigned x = t[ai];
            t[ai] = t[bi];
            t[bi] += x;
        }
    }
    __syncthreads();
    out[2 * tid] = t[2 * tid];
    out[2 * tid + 1] = t[2 * tid + 1];
}
