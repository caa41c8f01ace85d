// Templated tiled matrix multiply with shared-memory tiles (TILE=8, int elements): C = A*B
// for square matrices whose size is a multiple of the tile.
template <int TILE, typename T>
__global__ void matmul_tiled(const T* A, const T* B, T* C, int n) {
    __shared__ T As[TILE][TILE];
    __shared__ T Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    T acc{};
    for (int t = 0; t < n / TILE; ++t) {
        As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * n + col] = acc;
}
template __global__ void matmul_tiled<8, int>(const int*, const int*, int*, int);
template __global__ void matmul_tiled<16, float>(const float*, const float*, float*, int);
