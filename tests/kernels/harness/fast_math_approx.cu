// Approximate intrinsics: __sinf, __cosf, __expf, __logf, __fdividef, rsqrtf, tanhf.
__global__ void fast_math_approx(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i];
    float *o = out + 6 * i;
    o[0] = __sinf(x);
    o[1] = __cosf(x);
    o[2] = __expf(x);
    o[3] = __logf(fabsf(x) + 1.0f);
    o[4] = __fdividef(x, 3.0f);
    o[5] = rsqrtf(fabsf(x) + 0.5f);
}
