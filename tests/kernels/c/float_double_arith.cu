// Floating-point arithmetic without the math library: polynomials, division, negation,
// NaN tests, float/double literals and mixed precision.
__device__ float poly_exp_approx(float x)
{
    // 1 + x + x^2/2 + x^3/6 + x^4/24
    return 1.0f + x * (1.0f + x * (0.5f + x * (1.0f / 6.0f + x * (1.0f / 24.0f))));
}

__device__ double newton_sqrt(double a)
{
    if (a <= 0.0)
        return 0.0;
    double x = a > 1.0 ? a : 1.0;
    for (int k = 0; k < 30; k++)
        x = 0.5 * (x + a / x);
    return x;
}

__global__ void float_ops(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = in[i];
        float y = -x / (1.0f + x * x);
        out[3 * i] = poly_exp_approx(y);
        out[3 * i + 1] = x != x ? 0.0f : 1.0f / (x == 0.0f ? 1e-30f : x);
        out[3 * i + 2] = 2.5e-3f * x - 1.0e10f;
    }
}

__global__ void double_ops(const double *in, double *out, float *lowered, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double x = in[i];
        double r = newton_sqrt(x < 0.0 ? -x : x);
        out[i] = r * 1e-300 * 1e300 + 0.1;
        lowered[i] = (float)r + 0.1f;
    }
}

__global__ void min_max_select(const float *a, const float *b, float *lo, float *hi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = a[i], y = b[i];
        lo[i] = x < y ? x : y;
        hi[i] = x >= y ? x : y;
    }
}
