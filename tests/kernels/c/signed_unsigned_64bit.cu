// Mixtures of signed, unsigned, 32- and 64-bit integers: wrap-around, sign extension,
// arithmetic vs logical shifts, 64-bit products and the high half of a 32x32 product.
__global__ void widen_and_wrap(const int *s, const unsigned *u, long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int a = s[i];
    unsigned b = u[i];
    out[4 * i + 0] = a;                       // sign extension
    out[4 * i + 1] = b;                       // zero extension
    out[4 * i + 2] = (long long)a * b;        // 64-bit product
    out[4 * i + 3] = (unsigned)a + b;         // 32-bit wrap, then zero extension
}

__global__ void high_product(const unsigned *a, const unsigned *b, unsigned *hi, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        hi[i] = (unsigned)(((unsigned long long)a[i] * b[i]) >> 32);
}

__global__ void shifts_64(const long long *s, const unsigned long long *u, long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int k = i & 63;
        out[3 * i] = s[i] >> k;                      // arithmetic
        out[3 * i + 1] = (long long)(u[i] >> k);     // logical
        out[3 * i + 2] = (long long)(u[i] << (63 - k)) + s[i] / 3;
    }
}

__global__ void size_t_math(const size_t *sizes, unsigned long *out, long *signed_out, int n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t)n) {
        size_t bytes = sizes[i] * sizeof(double);
        out[i] = bytes + sizeof(int) * 3;
        signed_out[i] = (long)bytes - (long)(i * 2);
    }
}
