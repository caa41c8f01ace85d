// Horner evaluation of a polynomial whose coefficients live in __constant__ memory.
__constant__ int coeffs[5];
__device__ int call_count;
__global__ void constant_poly(const int *x, int *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int acc = 0;
    for (int k = 4; k >= 0; --k) acc = acc * x[i] + coeffs[k];
    y[i] = acc;
    atomicAdd(&call_count, 1);
}
