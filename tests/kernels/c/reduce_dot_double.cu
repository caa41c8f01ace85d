// Dot product in double precision: grid-stride partials, then a shared-memory reduction.
#define DOT_THREADS 256

__global__ void dot_partial(const double *x, const double *y, double *partials, int n)
{
    __shared__ double cache[DOT_THREADS];
    int tid = threadIdx.x;
    double sum = 0.0;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        sum += x[i] * y[i];
    cache[tid] = sum;
    __syncthreads();

    int half = blockDim.x / 2;
    while (half != 0) {
        if (tid < half)
            cache[tid] += cache[tid + half];
        __syncthreads();
        half /= 2;
    }
    if (tid == 0)
        partials[blockIdx.x] = cache[0];
}

__global__ void finish_sum(const double *partials, double *result, int count)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        double s = 0.0;
        for (int i = 0; i < count; i++)
            s += partials[i];
        *result = s;
    }
}
