// 1-D stencil with __constant__ weights and a shared-memory tile with halos.
#define RADIUS 3
#define BLOCK_SIZE 128

__constant__ float weights[2 * RADIUS + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
__constant__ int stencil_bias = 2;

__global__ void stencil_1d(const float *in, float *out, int n)
{
    __shared__ float temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = blockIdx.x * blockDim.x + threadIdx.x;
    int lindex = threadIdx.x + RADIUS;

    temp[lindex] = gindex < n ? in[gindex] : 0.0f;
    if (threadIdx.x < RADIUS) {
        int left = gindex - RADIUS;
        int right = gindex + BLOCK_SIZE;
        temp[lindex - RADIUS] = left >= 0 ? in[left] : 0.0f;
        temp[lindex + BLOCK_SIZE] = right < n ? in[right] : 0.0f;
    }
    __syncthreads();

    if (gindex < n) {
        float result = 0.0f;
        for (int offset = -RADIUS; offset <= RADIUS; offset++)
            result += weights[offset + RADIUS] * temp[lindex + offset];
        out[gindex] = result + stencil_bias;
    }
}
