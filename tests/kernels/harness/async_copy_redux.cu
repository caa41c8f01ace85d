// Needs sm_80 (the harness reads this line): cp.async into shared memory and redux.sync.
// harness-arch: sm_80
#include <cuda_pipeline.h>
__global__ void async_copy_redux(const int *in, int *out) {
    __shared__ int s[128];
    __pipeline_memcpy_async(&s[threadIdx.x], &in[blockIdx.x * 128 + threadIdx.x], 4);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    int v = s[127 - threadIdx.x];
    out[blockIdx.x * 128 + threadIdx.x] = v * 2 + __reduce_add_sync(0xffffffffu, v) + __reduce_max_sync(0xffffffffu, (unsigned)v);
}
