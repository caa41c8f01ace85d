// Row softmax, one thread per row: max, sum of expf(x - max), normalize.
__global__ void softmax(const float *x, float *y, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float *in = x + r * cols;
    float *out = y + r * cols;
    float m = in[0];
    for (int j = 1; j < cols; ++j) m = fmaxf(m, in[j]);
    float s = 0.0f;
    for (int j = 0; j < cols; ++j) s += expf(in[j] - m);
    float inv = 1.0f / s;
    for (int j = 0; j < cols; ++j) out[j] = expf(in[j] - m) * inv;
}
