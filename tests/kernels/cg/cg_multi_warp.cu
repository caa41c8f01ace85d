// Multi-warp tiles of cooperative groups (64 … 256 threads in a block of 256): ranks, sizes,
// meta-group rank and size, cg::reduce with plus/greater/bit_xor, shfl, any/all, and sync
// ordering shared-memory writes across the tile's warps; the block's handle comes from
// this_thread_block(scratch) as CUDA's samples write it.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// Per thread: 7 words for tile<64>, 7 for tile<128>, 7 for tile<256>.
template <unsigned int N, class Tile>
__device__ void tile_facts(const Tile &tile, const int *in, int *out, int *shared_row) {
    unsigned int t = threadIdx.x;
    int v = in[t];
    int *o = out + t * 21 + (N == 64 ? 0 : N == 128 ? 7 : 14);
    o[0] = tile.thread_rank() + 1000 * tile.size() + 100000 * tile.num_threads();
    o[1] = tile.meta_group_rank() + 100 * tile.meta_group_size();
    o[2] = cg::reduce(tile, v, cg::plus<int>());
    o[3] = cg::reduce(tile, v, cg::greater<int>());
    o[4] = (int)cg::reduce(tile, (unsigned int)v * 2654435761u, cg::bit_xor<unsigned int>());
    // Rank N - 1 - r's value, then rank 5's, through shared memory and shfl.
    shared_row[t] = v;
    tile.sync();
    int mirrored = shared_row[t - tile.thread_rank() + (N - 1 - tile.thread_rank())];
    tile.sync();
    o[5] = mirrored + 3 * tile.shfl(v, 5u);
    o[6] = tile.any(v > 99000) + 2 * tile.all(v > -100001) + 4 * tile.all(v > 0);
}

__global__ void cg_multi_warp(const int *in, int *out) {
    __shared__ cg::block_tile_memory<256> scratch;
    __shared__ int row[256];
    cg::thread_block block = cg::this_thread_block(scratch);
    cg::thread_block_tile<64, cg::thread_block> t64 = cg::tiled_partition<64>(block);
    tile_facts<64>(t64, in, out, row);
    auto t128 = cg::tiled_partition<128>(block);
    tile_facts<128>(t128, in, out, row);
    auto t256 = cg::tiled_partition<256>(block);
    tile_facts<256>(t256, in, out, row);
}
