// sizeof and alignof of the group types of cooperative_groups.h, of cuda::barrier,
// cuda::pipeline_shared_state, cuda::pipeline<thread_scope_thread> and cuda::aligned_size_t,
// and of the texture API's handles and descriptors, compared with what nvcc's headers give
// (pairs: size, then alignment).
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

#define SIZE_ALIGN(...)                                                                        \
    out[i++] = sizeof(__VA_ARGS__);                                                            \
    out[i++] = alignof(__VA_ARGS__);

__global__ void cg_sizes(unsigned *out) {
    int i = 0;
    SIZE_ALIGN(cg::thread_block)
    SIZE_ALIGN(cg::grid_group)
    SIZE_ALIGN(cg::thread_block_tile<32>)
    SIZE_ALIGN(cg::thread_block_tile<4>)
    SIZE_ALIGN(cg::coalesced_group)
    SIZE_ALIGN(cg::thread_group)
    SIZE_ALIGN(cuda::barrier<cuda::thread_scope_block>)
    SIZE_ALIGN(cuda::pipeline_shared_state<cuda::thread_scope_block, 2>)
    SIZE_ALIGN(cuda::pipeline<cuda::thread_scope_thread>)
    SIZE_ALIGN(cuda::aligned_size_t<16>)
    SIZE_ALIGN(cudaTextureObject_t)
    SIZE_ALIGN(cudaSurfaceObject_t)
    SIZE_ALIGN(cudaChannelFormatDesc)
    SIZE_ALIGN(cudaTextureDesc)
    SIZE_ALIGN(cudaResourceDesc)
}
