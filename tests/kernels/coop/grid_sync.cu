// harness-arch: sm_80
// this_grid().sync() (cg::sync(grid)) under a cooperative launch: every round each thread
// publishes a value, the grid synchronizes, and each thread reads the value another block
// published (so a barrier that lets a block run ahead reads stale data).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grid_sync(const int *in, int *tmp, int *out, int rounds) {
    cg::grid_group grid = cg::this_grid();
    unsigned n = grid.size();
    unsigned i = grid.thread_rank();
    int v = in[i];
    for (int r = 0; r < rounds; ++r) {
        tmp[i] = v;
        grid.sync();
        v = tmp[(i + 67) % n] * 3 + r;
        cg::sync(grid);
    }
    out[i] = v;
    if (i == 0)
        out[n] = grid.is_valid();
}
