// Tile shuffles of CUDA vector types (cuda-samples' shfl_scan moves a uint4 through
// thread_block_tile::shfl_xor): each component moves as the scalar shuffle would move it.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void coop_tile_vector_shuffle(const unsigned int *in, unsigned int *out)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    uint4 v = make_uint4(in[4 * t], in[4 * t + 1], in[4 * t + 2], in[4 * t + 3]);
    uint4 x = tile.shfl_xor(v, 5);
    uint2 s = tile.shfl(make_uint2(v.x, v.w), 7);
    int3 d = tile.shfl_down(make_int3(v.x, v.y, v.z), 3);
    unsigned int *o = out + 9 * t;
    o[0] = x.x;
    o[1] = x.y;
    o[2] = x.z;
    o[3] = x.w;
    o[4] = s.x;
    o[5] = s.y;
    o[6] = d.x;
    o[7] = d.y;
    o[8] = d.z;
}
