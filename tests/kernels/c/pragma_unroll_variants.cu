// #pragma unroll in its forms: full, with a count, and 1 (no unrolling).
__global__ void unroll_full(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float taps[8];
#pragma unroll
    for (int k = 0; k < 8; k++)
        taps[k] = in[(i + k) % n] * (k + 1);
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 8; k++)
        s += taps[k];
    out[i] = s;
}

__global__ void unroll_by_four(const int *in, int *out, int len, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int acc = 0;
#pragma unroll 4
    for (int k = 0; k < len; k++)
        acc += in[i * len + k] ^ k;
    out[i] = acc;
}

__global__ void unroll_disabled(double *data, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    double x = data[i];
#pragma unroll 1
    for (int k = 0; k < steps; k++)
        x = x * 0.5 + 1.0;
    data[i] = x;
}
