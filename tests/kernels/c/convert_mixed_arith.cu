// The usual arithmetic conversions in mixed expressions (int/unsigned/long long/float/double).
__global__ void mixed_arith(const int *a, const unsigned *b, const float *c, double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i];
    unsigned y = b[i];
    float z = c[i];
    long long w = x * 3LL;
    double r = x * 0.5;  // int * double
    r += y + x;          // unsigned + int -> unsigned, then to double
    r += z * x;          // float * int -> float
    r += w / 7;          // long long / int
    r += (float)w / 3;   // float / int
    out[i] = r;
}

__global__ void mixed_compare(const int *a, const unsigned *b, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int x = a[i];
        unsigned y = b[i];
        int r = 0;
        if (x < (int)y)
            r |= 1;
        if ((unsigned)x < y) // negative x compares as a large unsigned value
            r |= 2;
        if ((long long)x < (long long)y)
            r |= 4;
        if (x * 1.0f < y * 1.0)
            r |= 8;
        out[i] = r;
    }
}

__global__ void char_promotion(const char *a, const unsigned char *b, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = a[i] * b[i] + (a[i] >> 1) - (b[i] << 3);
}
