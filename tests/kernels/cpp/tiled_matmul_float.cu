// The templated tiled matmul for float (TILE=4, n=16): nvcc fuses the multiply-add, so the
// CPU reference accumulates with f32::mul_add in the same k order.
template <int TILE, typename T>
__global__ void matmul_tiled(const T* A, const T* B, T* C, int n) {
    __shared__ T As[TILE][TILE];
    __shared__ T Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    T acc = T(0);
    for (int t = 0; t < n / TILE; ++t) {
        As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * n + col] = acc;
}
template __global__ void matmul_tiled<4, float>(const float*, const float*, float*, int);
