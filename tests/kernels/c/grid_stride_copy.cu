// Grid-stride loops over size_t indices: copy, scale, and a strided gather.
__global__ void grid_copy(float *dst, const float *src, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)blockDim.x * gridDim.x)
        dst[i] = src[i];
}

__global__ void grid_scale(double *data, double factor, long long n)
{
    long long stride = (long long)blockDim.x * gridDim.x;
    for (long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        data[i] *= factor;
}

__global__ void grid_gather(int *dst, const int *src, const int *index, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n) {
        dst[i] = src[index[i]];
        i += blockDim.x * gridDim.x;
    }
}
