// cg::reduce with every operator CUDA defines (plus, less, greater, bit_and, bit_or,
// bit_xor) over tiles of 32, 16 and 8 threads, on int, unsigned and float (small
// integer-valued floats, so the sum is exact in any order).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void cg_reduce_ops(const int *in, const float *fin, int *out, unsigned *uout,
                              float *fout) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(block);
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
    int t = block.thread_rank();
    int v = in[t];
    unsigned u = (unsigned)v * 2654435761u;
    int *o = out + t * 6;
    o[0] = cg::reduce(w, v, cg::plus<int>());
    o[1] = cg::reduce(w, v, cg::less<int>());
    o[2] = cg::reduce(w, v, cg::greater<int>());
    o[3] = cg::reduce(t8, v, cg::plus<int>());
    o[4] = cg::reduce(t16, v, cg::less<int>());
    o[5] = cg::reduce(t8, v, cg::greater<int>());
    unsigned *q = uout + t * 6;
    q[0] = cg::reduce(w, u, cg::bit_and<unsigned>());
    q[1] = cg::reduce(w, u, cg::bit_or<unsigned>());
    q[2] = cg::reduce(w, u, cg::bit_xor<unsigned>());
    q[3] = cg::reduce(t16, u, cg::bit_and<unsigned>());
    q[4] = cg::reduce(t8, u, cg::bit_or<unsigned>());
    q[5] = cg::reduce(t16, u, cg::plus<unsigned>());
    fout[t * 3 + 0] = cg::reduce(w, fin[t], cg::plus<float>());
    fout[t * 3 + 1] = cg::reduce(t8, fin[t], cg::greater<float>());
    fout[t * 3 + 2] = cg::reduce(t16, fin[t], cg::less<float>());
}
