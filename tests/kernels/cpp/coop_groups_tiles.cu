// Cooperative groups on a 128-thread block: the block, warp tiles (32) and tiles of 8 from
// tiled_partition, cg::reduce / inclusive_scan / exclusive_scan, a tile passed to a device
// function, votes over a tile, cg::sync, and coalesced_threads() in divergent code.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__device__ __noinline__ int warp_sum(cg::thread_block_tile<32> tile, int v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += tile.shfl_down(v, offset);
    return v; // complete in rank 0
}

__global__ void coop_groups_tiles(const int *in, int *out, int n) {
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cta);
    auto oct = cg::tiled_partition<8>(cta);
    unsigned r = cta.thread_rank();
    int i = blockIdx.x * cta.size() + r;
    int v = i < n ? in[i] : 0;
    int *o = out + 9 * i;
    o[0] = cg::reduce(warp, v, cg::plus<int>());
    o[1] = cg::reduce(oct, v, cg::greater<int>());
    o[2] = cg::inclusive_scan(oct, v);
    int ex = cg::exclusive_scan(warp, v, cg::plus<int>());
    o[3] = warp.thread_rank() == 0 ? -7 : ex;
    int s = warp_sum(warp, v);
    o[4] = warp.thread_rank() == 0 ? s : -1;
    o[5] = (int)oct.ballot(v > 0) + 1000 * oct.any(v > 400) + 10000 * warp.all(v > -600);
    o[6] = warp.meta_group_rank() * 1000 + oct.meta_group_rank() * 10 + oct.thread_rank();
    __shared__ int tile_sums[4];
    if (warp.thread_rank() == 0)
        tile_sums[warp.meta_group_rank()] = s;
    cg::sync(cta);
    o[7] = tile_sums[0] + tile_sums[1] + tile_sums[2] + tile_sums[3];
    o[8] = -2;
    if (v % 3 == 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        o[8] = (int)active.size() * 100 + (int)active.thread_rank();
    }
}
