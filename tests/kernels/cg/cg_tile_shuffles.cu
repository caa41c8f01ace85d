// Tile shuffles through the header templates on every width (4, 8, 16, 32) and on int,
// float, double and long long values: shfl from a rank, shfl_xor, shfl_down and shfl_up
// (which keep the caller's value past the tile's edge).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <unsigned S, class P>
__device__ void shuffles(cg::thread_block_tile<S, P> g, int v, double d, long long *out) {
    long long *o = out + (threadIdx.x + blockDim.x * (__popc(S) == 1 ? __ffs(S) - 3 : 0)) * 6;
    o[0] = g.shfl(v, (int)((g.thread_rank() + 3u) % S));
    o[1] = g.shfl_xor(v, S / 2);
    o[2] = g.shfl_down(v, 1);
    o[3] = g.shfl_up(v, 2);
    o[4] = __double_as_longlong(g.shfl_xor(d, 1));
    o[5] = g.shfl(((long long)v << 32) ^ 0x123456789LL, 0) + (long long)g.shfl((float)v, 1);
}

__global__ void cg_tile_shuffles(const int *in, long long *out) {
    cg::thread_block block = cg::this_thread_block();
    int t = block.thread_rank();
    int v = in[t];
    double d = v * 0.25;
    shuffles(cg::tiled_partition<4>(block), v, d, out);
    shuffles(cg::tiled_partition<8>(block), v, d, out);
    shuffles(cg::tiled_partition<16>(block), v, d, out);
    shuffles(cg::tiled_partition<32>(block), v, d, out);
}
