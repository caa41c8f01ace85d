// 16-bin histogram of u32 values straight into global memory with atomicAdd.
__global__ void histogram_global_atomics(const unsigned *data, unsigned *bins, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[data[i] % 16u], 1u);
}
