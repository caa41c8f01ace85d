// __forceinline__ and __noinline__ device functions, calls between them, double returns.
__device__ __forceinline__ float square(float x)
{
    return x * x;
}

__device__ __noinline__ float dist2(float ax, float ay, float bx, float by)
{
    return square(ax - bx) + square(ay - by);
}

__device__ __noinline__ void accumulate(double *acc, double v, int times)
{
    for (int k = 0; k < times; k++)
        *acc += v;
}

__device__ __noinline__ long long mix_widths(char c, short s, int i, long long l)
{
    return c + s * 2 + i * 3LL + l * 4;
}

static __device__ __forceinline__ int cube(int x)
{
    return x * x * x;
}

__global__ void nearest_distance(const float *px, const float *py, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float best = 3.0e38f;
    for (int j = 0; j < n; j++) {
        if (j == i)
            continue;
        float d = dist2(px[i], py[i], px[j], py[j]);
        best = d < best ? d : best;
    }
    out[i] = best;
}

__global__ void call_chain(double *out, long long *wide, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double acc = 0.0;
        accumulate(&acc, 0.5, in[i] & 15);
        out[i] = acc + cube(in[i] & 7);
        wide[i] = mix_widths((char)in[i], (short)(in[i] >> 8), in[i], (long long)in[i] << 20);
    }
}
