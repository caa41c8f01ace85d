// Matrix-vector products: one thread per row, and a block per row with a shared reduction.
#define GEMV_THREADS 128

__global__ void gemv_thread_per_row(const float *A, const float *x, float *y, int rows, int cols,
                                    float alpha, float beta)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        float dot = 0.0f;
        for (int c = 0; c < cols; c++)
            dot += A[(size_t)r * cols + c] * x[c];
        y[r] = alpha * dot + beta * y[r];
    }
}

__global__ void gemv_block_per_row(const double *A, const double *x, double *y, int cols)
{
    __shared__ double partial[GEMV_THREADS];
    int r = blockIdx.x;
    double s = 0.0;
    for (int c = threadIdx.x; c < cols; c += GEMV_THREADS)
        s += A[(long long)r * cols + c] * x[c];
    partial[threadIdx.x] = s;
    __syncthreads();
    for (int stride = GEMV_THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride)
            partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        y[r] = partial[0];
}
