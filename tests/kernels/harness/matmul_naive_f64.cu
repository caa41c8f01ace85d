// Naive double-precision matrix multiply, one thread per output element.
__global__ void matmul_naive_f64(const double *A, const double *B, double *C, int m, int n, int k) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < m && col < n) {
        double acc = 0.0;
        for (int i = 0; i < k; ++i) acc += A[row * k + i] * B[i * n + col];
        C[row * n + col] = acc;
    }
}
