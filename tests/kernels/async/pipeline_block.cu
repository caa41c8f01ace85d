// harness-arch: sm_80
// cuda::pipeline<cuda::thread_scope_block> over a shared pipeline_shared_state: warp 0
// produces (cuda::memcpy_async of 4-byte elements into a two-stage ring), warps 1 and 2
// consume (each consumer sums one column of every tile), as in cuda-samples'
// globalToShmemAsyncCopy; make_pipeline counts the roles.
#include <cooperative_groups.h>
#include <cuda/pipeline>

namespace cg = cooperative_groups;

#define WIDTH 64
#define STAGES 2

__global__ void pipeline_block(const int *in, int *out, int tiles) {
    __shared__ int ring[STAGES][WIDTH];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    auto cta = cg::this_thread_block();
    unsigned t = threadIdx.x;
    const auto role = t < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    auto pipe = cuda::make_pipeline(cta, &state, role);
    const auto shape = cuda::aligned_size_t<alignof(int)>(sizeof(int));
    if (role == cuda::pipeline_role::producer) {
        for (int k = 0; k < tiles; ++k) {
            pipe.producer_acquire();
            cuda::memcpy_async(&ring[k % STAGES][t], &in[k * WIDTH + t], shape, pipe);
            cuda::memcpy_async(&ring[k % STAGES][t + 32], &in[k * WIDTH + t + 32], shape, pipe);
            pipe.producer_commit();
        }
    } else {
        unsigned col = t - 32;
        int acc = 0;
        for (int k = 0; k < tiles; ++k) {
            pipe.consumer_wait();
            acc = acc * 3 + ring[k % STAGES][col] - ring[k % STAGES][WIDTH - 1 - col];
            pipe.consumer_release();
        }
        out[col] = acc;
    }
}
