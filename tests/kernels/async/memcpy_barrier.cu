// harness-arch: sm_80
// cuda::memcpy_async into shared memory completed through a cuda::barrier (the copies'
// cp.async.mbarrier.arrive), as in cuda-samples' MatrixMulAsyncCopyLargeChunkAWBarrier:
// a quarter of the threads copy a float4 each, every thread then reads the tile.
#include <cuda/barrier>

#define THREADS 64

__global__ void memcpy_barrier(const float *in, float *out, int tiles) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ alignas(16) float tile[THREADS];
    unsigned t = threadIdx.x;
    if (t == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < tiles; ++k) {
        if (t * 4 < THREADS) {
            float4 *dst = reinterpret_cast<float4 *>(&tile[t * 4]);
            const float4 *src = reinterpret_cast<const float4 *>(&in[k * THREADS + t * 4]);
            cuda::memcpy_async(dst, src, sizeof(float4), bar);
        }
        bar.arrive_and_wait();
        acc += tile[(t * 7) % THREADS] - tile[t] * 0.5f; // exact product: no fma question
        bar.arrive_and_wait();
    }
    out[t] = acc;
}
