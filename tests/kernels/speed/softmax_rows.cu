// Speed suite: row-wise softmax of a rows x cols matrix, one block of 256 threads per row
// (max, then sum of exponentials with the fast `__expf`, by shared-memory trees), for `reps` temperatures
// t = 1 + r/8; y accumulates the softmax of x / t over them (a temperature sweep).
#define THREADS 256

__device__ float block_reduce(float* sh, float v, bool is_max) {
    sh[threadIdx.x] = v;
    __syncthreads();
    for (int h = THREADS / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h) {
            float o = sh[threadIdx.x + h];
            sh[threadIdx.x] = is_max ? fmaxf(sh[threadIdx.x], o) : sh[threadIdx.x] + o;
        }
        __syncthreads();
    }
    float r = sh[0];
    __syncthreads();
    return r;
}

__global__ void softmax_rows(const float* __restrict__ x, float* __restrict__ y, int cols,
                             int reps) {
    __shared__ float sh[THREADS];
    const float* row = x + (long long)blockIdx.x * cols;
    float* out = y + (long long)blockIdx.x * cols;
    for (int r = 0; r < reps; r++) {
        float inv_t = 1.0f / (1.0f + 0.125f * r);
        float m = -3.0e38f;
        for (int c = threadIdx.x; c < cols; c += THREADS) m = fmaxf(m, row[c] * inv_t);
        m = block_reduce(sh, m, true);
        float s = 0.0f;
        for (int c = threadIdx.x; c < cols; c += THREADS) s += __expf(row[c] * inv_t - m);
        s = block_reduce(sh, s, false);
        float inv_s = 1.0f / s;
        for (int c = threadIdx.x; c < cols; c += THREADS)
            out[c] += __expf(row[c] * inv_t - m) * inv_s;
    }
}
