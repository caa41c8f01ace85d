// 1D stencil of radius 3 with a shared-memory halo (blockDim.x == 128).
#define RADIUS 3
#define BLOCK 128
__global__ void stencil_1d(const int *in, int *out, int n) {
    __shared__ int tmp[BLOCK + 2 * RADIUS];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    tmp[l] = g < n ? in[g] : 0;
    if (threadIdx.x < RADIUS) {
        int left = g - RADIUS, right = g + BLOCK;
        tmp[l - RADIUS] = left >= 0 && left < n ? in[left] : 0;
        tmp[l + BLOCK] = right < n ? in[right] : 0;
    }
    __syncthreads();
    int r = 0;
    for (int o = -RADIUS; o <= RADIUS; ++o) r += tmp[l + o];
    if (g < n) out[g] = r;
}
