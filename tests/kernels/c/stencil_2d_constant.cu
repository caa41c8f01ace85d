// 2-D 3x3 stencil with weights in a two-dimensional __constant__ array, clamped borders.
__constant__ float kernel3x3[3][3] = {
    {1.0f / 16, 2.0f / 16, 1.0f / 16},
    {2.0f / 16, 4.0f / 16, 2.0f / 16},
    {1.0f / 16, 2.0f / 16, 1.0f / 16},
};

__constant__ double laplace_weights[5] = {-4.0, 1.0, 1.0, 1.0, 1.0};

__device__ int clamp_index(int v, int hi)
{
    return v < 0 ? 0 : (v >= hi ? hi - 1 : v);
}

__global__ void blur3x3(const float *in, float *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height)
        return;
    float acc = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int sx = clamp_index(x + dx, width);
            int sy = clamp_index(y + dy, height);
            acc += kernel3x3[dy + 1][dx + 1] * in[sy * width + sx];
        }
    out[y * width + x] = acc;
}

__global__ void laplace5(const double *in, double *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1)
        return;
    int c = y * width + x;
    out[c] = laplace_weights[0] * in[c] + laplace_weights[1] * in[c - 1] +
             laplace_weights[2] * in[c + 1] + laplace_weights[3] * in[c - width] +
             laplace_weights[4] * in[c + width];
}
