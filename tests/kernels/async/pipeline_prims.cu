// harness-arch: sm_80
// cuda_pipeline.h's primitives: a two-stage double buffer of 4-byte copies
// (__pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior(1) and (0)), and
// 16-byte copies whose last 8 bytes are zero-filled.
#include <cuda_pipeline.h>

#define THREADS 64

__global__ void pipeline_prims(const int *in, const int4 *vin, int *out, int4 *vout, int tiles) {
    __shared__ int buf[2][THREADS];
    __shared__ int4 vbuf[THREADS];
    unsigned t = threadIdx.x;
    __pipeline_memcpy_async(&buf[0][t], &in[t], sizeof(int));
    __pipeline_commit();
    int acc = 0;
    for (int k = 0; k < tiles; ++k) {
        if (k + 1 < tiles) {
            __pipeline_memcpy_async(&buf[(k + 1) & 1][t], &in[(k + 1) * THREADS + t], sizeof(int));
            __pipeline_commit();
            __pipeline_wait_prior(1);
        } else {
            __pipeline_wait_prior(0);
        }
        __syncthreads();
        acc += buf[k & 1][(t + 1) % THREADS] * (k + 1);
        __syncthreads();
    }
    out[t] = acc;
    __pipeline_memcpy_async(&vbuf[t], &vin[t], sizeof(int4), 8);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    vout[t] = vbuf[THREADS - 1 - t];
}
