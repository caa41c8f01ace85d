// Device function calls: values, pointers, void functions, __host__ __device__ functions.
__host__ __device__ float lerp_f(float a, float b, float t)
{
    return a + t * (b - a);
}

__device__ void swap_ints(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

__device__ double horner(const double *coeffs, int degree, double x)
{
    double r = coeffs[degree];
    for (int i = degree - 1; i >= 0; --i)
        r = r * x + coeffs[i];
    return r;
}

__device__ int gcd(int a, int b)
{
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a < 0 ? -a : a;
}

__global__ void use_calls(const float *a, const float *b, float *out, int *pairs,
                          const double *coeffs, double *poly, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out[i] = lerp_f(a[i], b[i], 0.25f);
    if (pairs[2 * i] > pairs[2 * i + 1])
        swap_ints(&pairs[2 * i], &pairs[2 * i + 1]);
    poly[i] = horner(coeffs, 4, (double)i / n);
}

__global__ void gcd_table(int *out, int width)
{
    int x = threadIdx.x + 1;
    int y = blockIdx.x + 1;
    if (x <= width)
        out[(y - 1) * width + (x - 1)] = gcd(x, y);
}
