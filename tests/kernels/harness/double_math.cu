// Double precision: division, sqrt, fma and conversions to and from float/int.
__global__ void double_math(const double *a, const double *b, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = a[i], y = b[i];
    double *o = out + 5 * i;
    o[0] = x / y;
    o[1] = sqrt(fabs(x));
    o[2] = fma(x, y, 0.5);
    o[3] = (double)(float)x;
    o[4] = (double)(long long)(x * 1e6);
}
