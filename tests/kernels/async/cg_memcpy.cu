// harness-arch: sm_80
// cooperative_groups::memcpy_async into shared memory: by the whole block with a
// cuda::aligned_size_t<16> size (cp.async.cg), by each 32-thread tile with a plain byte
// count that leaves a tail (bytes beyond the last whole chunk), then cg::wait.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;

#define THREADS 64

__global__ void cg_memcpy(const float *in, const char *bytes, float *out, char *bytes_out) {
    __shared__ alignas(16) float tile[4 * THREADS];
    __shared__ char raw[2][75];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    cg::memcpy_async(block, tile, in, cuda::aligned_size_t<16>(sizeof(float) * 4 * THREADS));
    cg::memcpy_async(warp, raw[warp.meta_group_rank()], bytes + 75 * warp.meta_group_rank(), 75);
    cg::wait(block);
    unsigned t = threadIdx.x;
    for (int k = 0; k < 4; ++k)
        out[k * THREADS + t] = tile[(k * THREADS + t * 5) % (4 * THREADS)];
    if (t < 75)
        bytes_out[t] = raw[0][t];
    if (t < 75 - THREADS)
        bytes_out[THREADS + t] = raw[0][THREADS + t];
    if (t < 75)
        bytes_out[75 + t] = raw[1][74 - t];
    if (t < 75 - THREADS)
        bytes_out[75 + THREADS + t] = raw[1][74 - THREADS - t];
}
