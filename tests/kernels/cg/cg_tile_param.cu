// Tiles of a known parent (what tiled_partition returns) passed as the parent-less
// thread_block_tile<N>: as with NVIDIA's headers they are not derived from it but convert
// to it (a by-value parameter, a copy-initialized variable); a template parameter
// thread_block_tile<S, P> deduces both the size and the parent.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int sum16(cg::thread_block_tile<16> t, int v) {
    for (int o = 8; o > 0; o /= 2) v += t.shfl_down(v, o);
    return v;
}

__device__ int max32(cg::thread_block_tile<32> t, int v) {
    for (int o = 16; o > 0; o /= 2) v = max(v, t.shfl_xor(v, o));
    return v;
}

template <unsigned S, class P> __device__ unsigned rank_of(const cg::thread_block_tile<S, P> &t) {
    return t.thread_rank() * 100 + S;
}

__global__ void cg_tile_param(const int *in, int *out) {
    auto b = cg::this_thread_block();
    auto t16 = cg::tiled_partition<16>(b);
    auto t32 = cg::tiled_partition<32>(b);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(b);
    unsigned i = threadIdx.x;
    int v = in[i];
    out[4 * i] = sum16(t16, v);
    out[4 * i + 1] = max32(t32, v);
    out[4 * i + 2] = (int)rank_of(t16);
    out[4 * i + 3] = t8.shfl(v, 0) + (int)t8.thread_rank();
}
