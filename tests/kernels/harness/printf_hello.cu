// printf from a few threads with integer, float, string and hex conversions.
#include <cstdio>
__global__ void printf_hello(int k) {
    if (threadIdx.x < 2)
        printf("block %d thread %d k=%d f=%f x=%x s=%s\n", blockIdx.x, threadIdx.x, k, 1.5f * k, 255 + k, "ok");
}
