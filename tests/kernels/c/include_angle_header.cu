// #include <...> found through the -I search path (the suite's include/ folder).
#include <suite_config.h>
#include <suite_helpers.h>

__global__ void block_offsets(int *out, int blocks)
{
    int b = blockIdx.x;
    if (b < blocks && threadIdx.x == 0)
        out[b] = b * SUITE_BLOCK * SUITE_SCALE;
}

__global__ void max_of_pairs(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = SUITE_MAX(a[i], b[i]);
}
