// cg::inclusive_scan and cg::exclusive_scan over tiles of 32 and 16 threads with plus (also
// the default), less, greater, bit_and, bit_or and bit_xor. Rank 0 of an exclusive scan
// is written only for plus (CUDA leaves it unspecified for the other operators).
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void cg_scan_ops(const int *in, int *inc, int *exc) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(block);
    cg::thread_block_tile<16> h = cg::tiled_partition<16>(block);
    int t = block.thread_rank();
    int v = in[t];
    unsigned u = (unsigned)v;
    int *i = inc + t * 8;
    i[0] = cg::inclusive_scan(w, v);
    i[1] = cg::inclusive_scan(w, v, cg::less<int>());
    i[2] = cg::inclusive_scan(h, v, cg::greater<int>());
    i[3] = (int)cg::inclusive_scan(w, u, cg::bit_and<unsigned>());
    i[4] = (int)cg::inclusive_scan(h, u, cg::bit_or<unsigned>());
    i[5] = (int)cg::inclusive_scan(w, u, cg::bit_xor<unsigned>());
    i[6] = cg::inclusive_scan(h, v, cg::plus<int>());
    i[7] = cg::inclusive_scan(w, v, cg::greater<int>());
    int *e = exc + t * 6;
    e[0] = cg::exclusive_scan(w, v);
    e[1] = cg::exclusive_scan(h, v, cg::plus<int>());
    int x2 = cg::exclusive_scan(w, v, cg::less<int>());
    int x3 = cg::exclusive_scan(h, v, cg::greater<int>());
    int x4 = (int)cg::exclusive_scan(w, u, cg::bit_xor<unsigned>());
    int x5 = (int)cg::exclusive_scan(w, u, cg::bit_or<unsigned>());
    if (w.thread_rank() != 0) {
        e[2] = x2;
        e[4] = x4;
        e[5] = x5;
    }
    if (h.thread_rank() != 0) e[3] = x3;
}
