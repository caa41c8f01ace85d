// expect: 12: no instance of function template "sum" matches the argument list
// tiled_partition<16> returns thread_block_tile<16, thread_block>, which converts to
// thread_block_tile<16> but is not derived from it: S cannot be deduced (nvcc rejects it).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
template <unsigned S> __device__ int sum(cg::thread_block_tile<S> t, int v) {
    for (unsigned o = S / 2; o > 0; o /= 2) v += t.shfl_down(v, o);
    return v;
}
__global__ void k(int *out) {
    auto t = cg::tiled_partition<16>(cg::this_thread_block());
    out[threadIdx.x] = sum(t, (int)threadIdx.x);
}
