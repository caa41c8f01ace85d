// sizeof and alignof of the multi-warp types of cooperative groups, as nvcc's headers give
// them (block_tile_memory differs before and from sm_80).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// sizeof and alignof (pairs) of the multi-warp types.
#define SIZE_ALIGN(...)                                                                        \
    sizes[i++] = sizeof(__VA_ARGS__);                                                          \
    sizes[i++] = alignof(__VA_ARGS__);
__global__ void cg_multi_warp_sizes(unsigned *sizes) {
    int i = 0;
    SIZE_ALIGN(cg::block_tile_memory<256>)
    SIZE_ALIGN(cg::block_tile_memory<1024>)
    SIZE_ALIGN(cg::block_tile_memory<64>)
    SIZE_ALIGN(cg::block_tile_memory<>)
    SIZE_ALIGN(cg::thread_block_tile<64>)
    SIZE_ALIGN(cg::thread_block_tile<128, cg::thread_block>)
    SIZE_ALIGN(cg::thread_block_tile<64, cg::thread_block_tile<128, cg::thread_block>>)
    SIZE_ALIGN(cg::thread_block_tile<1024>)
}
