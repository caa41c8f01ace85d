// Conversions between integer and floating types of every width.
__global__ void int_to_float(const int *in, float *f, double *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        f[i] = (float)in[i];
        d[i] = in[i];
    }
}

__global__ void float_to_int(const float *in, int *s, unsigned *u, long long *s64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = in[i];
        s[i] = (int)x; // truncation toward zero
        u[i] = (unsigned)(x < 0.0f ? -x : x);
        s64[i] = (long long)(x * 1024.0f);
    }
}

__global__ void narrow_and_widen(const double *in, float *f, short *s16, signed char *s8,
                                 unsigned long long *u64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double x = in[i];
        f[i] = (float)x;
        s16[i] = (short)(int)x;
        s8[i] = (signed char)(int)x;
        u64[i] = (unsigned long long)(x < 0.0 ? 0.0 : x);
    }
}

__global__ void small_ints_to_float(const unsigned char *u8, const short *s16, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = u8[i] * 0.5f + s16[i];
}
