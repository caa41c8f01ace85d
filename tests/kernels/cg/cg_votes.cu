// Tile votes on every width (ballot with the tile's rank bits, any, all), tile sync between
// a shared-memory write and read, and the block's index functions on a 2-D block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <unsigned S, class P>
__device__ unsigned votes(cg::thread_block_tile<S, P> g, int v) {
    return g.ballot(v > 0) ^ (unsigned)g.any(v > 900) << 28 ^ (unsigned)g.all(v > -900) << 29;
}

__global__ void cg_votes(const int *in, unsigned *out, int *ring, unsigned *idx) {
    __shared__ int s[64];
    cg::thread_block block = cg::this_thread_block();
    int t = block.thread_rank();
    int v = in[t];
    unsigned *o = out + t * 4;
    o[0] = votes(cg::tiled_partition<4>(block), v);
    o[1] = votes(cg::tiled_partition<8>(block), v);
    o[2] = votes(cg::tiled_partition<16>(block), v);
    o[3] = votes(cg::tiled_partition<32>(block), v);
    cg::thread_block_tile<16> h = cg::tiled_partition<16>(block);
    s[t] = v;
    h.sync();
    ring[t] = s[(t & ~15) + ((t + 1) & 15)];
    block.sync();
    dim3 gi = block.group_index(), ti = block.thread_index(), dt = block.dim_threads();
    idx[t * 4 + 0] = ti.x;
    idx[t * 4 + 1] = ti.y;
    idx[t * 4 + 2] = dt.x * 100 + dt.y * 10 + dt.z;
    idx[t * 4 + 3] = gi.x + block.size();
}
