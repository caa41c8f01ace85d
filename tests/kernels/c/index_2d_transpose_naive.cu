// 2-D indexing with blockIdx/threadIdx .x and .y: transpose, add, and pitch-based access.
__global__ void transpose_naive(const float *in, float *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        out[x * height + y] = in[y * width + x];
}

__global__ void add_2d_pitched(const float *a, const float *b, float *c, size_t pitch_elems,
                               int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height)
        return;
    size_t at = y * pitch_elems + x;
    c[at] = a[at] + b[at];
}

__global__ void fill_coordinates(int *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        out[2 * (y * width + x)] = x;
        out[2 * (y * width + x) + 1] = y;
    }
}
