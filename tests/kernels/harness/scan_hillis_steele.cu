// Inclusive prefix sum of one block (double-buffered Hillis-Steele in shared memory).
__global__ void scan_hillis_steele(const int *in, int *out, int n) {
    __shared__ int buf[2][256];
    int tid = threadIdx.x;
    int src = 0;
    buf[0][tid] = tid < n ? in[tid] : 0;
    __syncthreads();
    for (int off = 1; off < blockDim.x; off <<= 1) {
        int v = buf[src][tid];
        if (tid >= off) v += buf[src][tid - off];
        buf[1 - src][tid] = v;
        src = 1 - src;
        __syncthreads();
    }
    if (tid < n) out[tid] = buf[src][tid];
}
