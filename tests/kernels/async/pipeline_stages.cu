// harness-arch: sm_80
// A four-stage cuda::pipeline<cuda::thread_scope_block> in which every thread of the block
// both produces and consumes (make_pipeline(group, &state)), prefetching three tiles ahead
// as cuda-samples' multi-stage copies do. Each thread copies one element of a tile but
// reads two others' (so a stage is complete only when the whole block's copies have
// landed), and ten tiles go round the four stages two and a half times (phase parities
// flip). Two blocks, each with its own shared state and tiles.
#include <cooperative_groups.h>
#include <cuda/pipeline>

namespace cg = cooperative_groups;

#define WIDTH 64
#define STAGES 4

__global__ void pipeline_stages(const int *in, int *out, int tiles) {
    __shared__ int ring[STAGES][WIDTH];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    auto cta = cg::this_thread_block();
    unsigned t = threadIdx.x;
    const int *src = in + blockIdx.x * tiles * WIDTH;
    auto pipe = cuda::make_pipeline(cta, &state);
    const auto shape = cuda::aligned_size_t<alignof(int)>(sizeof(int));
    int fetched = 0;
    for (; fetched < STAGES - 1 && fetched < tiles; ++fetched) {
        pipe.producer_acquire();
        cuda::memcpy_async(&ring[fetched % STAGES][t], &src[fetched * WIDTH + t], shape, pipe);
        pipe.producer_commit();
    }
    int acc = 0;
    for (int k = 0; k < tiles; ++k) {
        if (fetched < tiles) {
            pipe.producer_acquire();
            cuda::memcpy_async(&ring[fetched % STAGES][t], &src[fetched * WIDTH + t], shape, pipe);
            pipe.producer_commit();
            ++fetched;
        }
        pipe.consumer_wait();
        const int *tile = ring[k % STAGES];
        acc = acc * 5 + tile[(t + 1) % WIDTH] - 2 * tile[WIDTH - 1 - t];
        pipe.consumer_release();
    }
    out[blockIdx.x * WIDTH + t] = acc;
}
