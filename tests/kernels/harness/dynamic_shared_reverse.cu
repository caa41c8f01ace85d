// Reverses each block's slice through dynamic (extern) shared memory.
__global__ void dynamic_shared_reverse(int *data, int n) {
    extern __shared__ int s[];
    int t = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    if (base + t < n) s[t] = data[base + t];
    __syncthreads();
    int tr = blockDim.x - 1 - t;
    if (base + t < n) data[base + t] = s[tr];
}
