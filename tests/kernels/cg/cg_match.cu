// match_any and match_all of thread_block_tile<32> and <16> and of a coalesced group
// (sm_70 and later): lanes are grouped by a small key, and a group whose lanes all hold the
// same value reports it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_match(const int *in, unsigned *any, unsigned *all, int *pred,
                         unsigned *coal) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(block);
    cg::thread_block_tile<16> h = cg::tiled_partition<16>(block);
    int t = block.thread_rank();
    int key = in[t] & 3;
    any[t * 2] = w.match_any(key);
    any[t * 2 + 1] = h.match_any((unsigned long long)key << 40);
    int p0, p1;
    // Warp 0 has all lanes equal (t < 32: 7); warp 1 holds the keys.
    all[t * 2] = w.match_all(t < 32 ? 7 : key, p0);
    all[t * 2 + 1] = h.match_all(t < 48 ? 5u : (unsigned)key, p1);
    pred[t * 2] = p0;
    pred[t * 2 + 1] = p1;
    if (in[t] % 5 != 0) {
        cg::coalesced_group c = cg::coalesced_threads();
        int p2;
        coal[t * 2] = c.match_any(key);
        unsigned m = c.match_all(t / 32, p2);
        coal[t * 2 + 1] = m | (unsigned)p2 << 31;
    }
}
