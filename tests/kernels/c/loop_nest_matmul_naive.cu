// Naive matrix multiply with 2-D thread indexing and a triple loop nest.
__global__ void matmul_naive(const float *a, const float *b, float *c, int m, int n, int k)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < m && col < n) {
        float sum = 0.0f;
        for (int p = 0; p < k; ++p)
            sum += a[row * k + p] * b[p * n + col];
        c[row * n + col] = sum;
    }
}

__global__ void batched_matmul_small(const double *a, const double *b, double *c, int batch, int dim)
{
    int bi = blockIdx.x * blockDim.x + threadIdx.x;
    if (bi >= batch)
        return;
    const double *A = a + bi * dim * dim;
    const double *B = b + bi * dim * dim;
    double *C = c + bi * dim * dim;
    for (int i = 0; i < dim; i++)
        for (int j = 0; j < dim; j++) {
            double s = 0.0;
            for (int p = 0; p < dim; p++)
                s += A[i * dim + p] * B[p * dim + j];
            C[i * dim + j] = s;
        }
}
