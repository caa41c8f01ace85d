// Speed suite: single-precision matrix product C = A * B (row-major, M x K times K x N)
// with 16 x 16 tiles of A and B staged in shared memory, one output element per thread.
#define TILE 16

__global__ void sgemm_tiled(const float* __restrict__ a, const float* __restrict__ b,
                            float* __restrict__ c, int m, int n, int k) {
    __shared__ float as[TILE][TILE];
    __shared__ float bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < k; t += TILE) {
        as[ty][tx] = (row < m && t + tx < k) ? a[row * k + t + tx] : 0.0f;
        bs[ty][tx] = (t + ty < k && col < n) ? b[(t + ty) * n + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int i = 0; i < TILE; i++) acc += as[ty][i] * bs[i][tx];
        __syncthreads();
    }
    if (row < m && col < n) c[row * n + col] = acc;
}
