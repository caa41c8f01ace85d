/* oxicc built-in header: <cooperative_groups/reduce.h>: cg::reduce over a tile (of one
 * warp or several) or a coalesced group, and the operator objects it takes (plus, less,
 * greater, bit_and, bit_or, bit_xor). Every thread of the group gets the result. */
#pragma once
#include <cooperative_groups.h>

namespace cooperative_groups {
namespace __v1 {
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const { return a ^ b; } };

/* A tile: its own __reduce (a butterfly over the warp tile's lanes; for a multi-warp tile, a
 * butterfly in each warp, then the warps' values through shared memory). */
template <class T, class Op, unsigned int Size, class P>
__device__ T reduce(const thread_block_tile<Size, P> &g, T value, Op op) {
    return g.__reduce(value, op);
}

/* A coalesced group: a tree by rank into rank 0, then a broadcast. */
template <class T, class Op>
__device__ T reduce(const coalesced_group &g, T value, Op op) {
    unsigned int n = g.size(), rank = g.thread_rank();
    for (unsigned int offset = 1u; offset < n; offset *= 2u) {
        T other = g.shfl_down(value, offset);
        if (rank % (2u * offset) == 0u && rank + offset < n)
            value = op(value, other);
    }
    return g.shfl(value, 0u);
}
} // namespace __v1
/* Again: the parser's view of a using-directive is the names present when it is read. */
using namespace __v1;
} // namespace cooperative_groups
