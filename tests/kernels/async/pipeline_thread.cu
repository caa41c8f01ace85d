// harness-arch: sm_80
// cuda::pipeline<cuda::thread_scope_thread>: a three-stage pipeline of 16-byte
// cuda::memcpy_async copies (cuda::aligned_size_t<16>) with producer_acquire/commit and
// consumer_wait/release, then one more stage drained by pipeline_consumer_wait_prior<0>.
#include <cuda/pipeline>

#define THREADS 32
#define STAGES 3

__global__ void pipeline_thread(const float4 *in, float *out, int tiles) {
    __shared__ alignas(16) float4 buf[STAGES][THREADS];
    unsigned t = threadIdx.x;
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const auto shape = cuda::aligned_size_t<alignof(float4)>(sizeof(float4));
    int fetched = 0;
    for (; fetched < STAGES - 1 && fetched < tiles; ++fetched) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[fetched % STAGES][t], &in[fetched * THREADS + t], shape, pipe);
        pipe.producer_commit();
    }
    float acc = 0.0f;
    for (int k = 0; k < tiles; ++k) {
        if (fetched < tiles) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[fetched % STAGES][t], &in[fetched * THREADS + t], shape, pipe);
            pipe.producer_commit();
            ++fetched;
        }
        pipe.consumer_wait();
        float4 v = buf[k % STAGES][t];
        // Products by powers of two are exact, so contraction into fma changes nothing.
        acc = acc * 0.5f + (v.x - v.y) * 0.25f + v.w;
        pipe.consumer_release();
    }
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][t], &in[t], shape, pipe);
    pipe.producer_commit();
    cuda::pipeline_consumer_wait_prior<0>(pipe);
    out[t] = acc + buf[0][t].x;
}
