// Correctly rounded float operations: div, sqrt, fma, min/max, floor/ceil/trunc/round, conversions.
__global__ void float_math(const float *a, const float *b, float *fout, int *iout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float *o = fout + 8 * i;
    o[0] = x / y;
    o[1] = sqrtf(fabsf(x));
    o[2] = fmaf(x, y, 1.0f);
    o[3] = fminf(x, y);
    o[4] = fmaxf(x, y);
    o[5] = floorf(x);
    o[6] = ceilf(y);
    o[7] = truncf(x * 3.0f);
    int *io = iout + 3 * i;
    io[0] = (int)(x * 1e9f);
    io[1] = __float2int_rn(y * 10.0f);
    io[2] = (int)(unsigned)(fabsf(x) * 1e3f);
}
