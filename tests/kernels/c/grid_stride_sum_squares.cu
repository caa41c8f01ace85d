// Grid-stride accumulation into 64-bit per-thread partial sums.
__global__ void sum_squares_partial(const int *data, long long *partial, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int threads = blockDim.x * gridDim.x;
    long long acc = 0;
    for (int i = tid; i < n; i += threads) {
        long long v = data[i];
        acc += v * v;
    }
    partial[tid] = acc;
}

__global__ void sum_abs_diff_partial(const float *a, const float *b, double *partial, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    double acc = 0.0;
    for (int i = tid; i < n; i += blockDim.x * gridDim.x) {
        float d = a[i] - b[i];
        acc += d < 0.0f ? -d : d;
    }
    partial[tid] = acc;
}
