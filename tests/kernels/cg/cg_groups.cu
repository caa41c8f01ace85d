// Groups beyond the static tiles: tiled_partition(parent, n) (a thread_group of n threads,
// for n = 4, 8, 16 and 32), coalesced_threads() inside a divergent branch (size,
// thread_rank, ballot, any, all, shfl, shfl_up, shfl_down), meta_group_rank and
// meta_group_size of static tiles, num_threads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_groups(const int *in, int *dyn, int *coal, int *meta) {
    cg::thread_block block = cg::this_thread_block();
    int t = block.thread_rank();
    int v = in[t];
    int k = 0;
    for (unsigned n = 4; n <= 32; n *= 2) {
        cg::thread_group g = cg::tiled_partition(block, n);
        dyn[t * 8 + k++] = (int)g.thread_rank();
        dyn[t * 8 + k++] = (int)g.size();
        g.sync();
    }
    int *c = coal + t * 8;
    if (v % 3 != 0) {
        cg::coalesced_group a = cg::coalesced_threads();
        c[0] = (int)a.size();
        c[1] = (int)a.thread_rank();
        c[2] = (int)a.ballot(v > 0);
        c[3] = a.any(v > 900);
        c[4] = a.all(v > -1000);
        c[5] = a.shfl(v, 0);
        c[6] = a.shfl_up(v, 1);
        c[7] = a.shfl_down(v, 2);
    }
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(block);
    meta[t * 5 + 0] = (int)t8.meta_group_rank();
    meta[t * 5 + 1] = (int)t8.meta_group_size();
    meta[t * 5 + 2] = (int)w.meta_group_rank();
    meta[t * 5 + 3] = (int)w.num_threads();
    meta[t * 5 + 4] = (int)block.num_threads();
}
