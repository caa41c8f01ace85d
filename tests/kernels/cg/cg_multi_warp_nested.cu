// Multi-warp tiles of cooperative groups, continued: a float reduction over tiles of 128, a
// tile converted to its parent-less type, and a tile of 64 inside one of 128.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// A float reduction over tiles of 128 (values exact in f32, so any order gives the same
// sum), the tile converted to thread_block_tile<128>, and a tile of 64 inside one of 128.
__global__ void cg_multi_warp_nested(const float *fin, float *fout, unsigned *uout) {
    __shared__ cg::block_tile_memory<256> scratch;
    cg::thread_block block = cg::this_thread_block(scratch);
    auto t128 = cg::tiled_partition<128>(block);
    cg::thread_block_tile<128> plain = t128;
    unsigned int t = threadIdx.x;
    fout[t] = cg::reduce(plain, fin[t], cg::plus<float>());
    auto t64 = cg::tiled_partition<64>(t128);
    fout[256 + t] = cg::reduce(t64, fin[t], cg::less<float>());
    uout[t * 4 + 0] = plain.meta_group_rank() + 100 * plain.meta_group_size();
    uout[t * 4 + 1] = t64.meta_group_rank() + 100 * t64.meta_group_size();
    uout[t * 4 + 2] = t64.thread_rank();
    uout[t * 4 + 3] = cg::reduce(t64, t, cg::plus<unsigned int>());
}
