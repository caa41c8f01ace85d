// Out-of-place transpose of a rows x cols u32 matrix, one element per thread.
__global__ void transpose_naive(const unsigned *in, unsigned *out, int rows, int cols) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < cols && y < rows) out[x * rows + y] = in[y * cols + x];
}
