/* oxicc built-in header: <cooperative_groups/scan.h>: inclusive and exclusive scans over a
 * tile (Hillis–Steele with shfl_up), with plus when no operator is given. */
#pragma once
#include <cooperative_groups/reduce.h>

namespace cooperative_groups {
namespace __v1 {
template <class T, class Op, unsigned int Size, class P>
__device__ T inclusive_scan(const thread_block_tile<Size, P> &g, T value, Op op) {
    unsigned int rank = g.thread_rank();
    for (unsigned int offset = 1u; offset < Size; offset *= 2u) {
        T other = g.shfl_up(value, offset);
        if (rank >= offset)
            value = op(value, other);
    }
    return value;
}
template <class T, unsigned int Size, class P>
__device__ T inclusive_scan(const thread_block_tile<Size, P> &g, T value) {
    return inclusive_scan(g, value, plus<T>());
}
/* Rank 0 gets T() (the identity of plus; CUDA leaves it unspecified for other operators). */
template <class T, class Op, unsigned int Size, class P>
__device__ T exclusive_scan(const thread_block_tile<Size, P> &g, T value, Op op) {
    T inclusive = inclusive_scan(g, value, op);
    T before = g.shfl_up(inclusive, 1u);
    return g.thread_rank() == 0u ? T() : before;
}
template <class T, unsigned int Size, class P>
__device__ T exclusive_scan(const thread_block_tile<Size, P> &g, T value) {
    return exclusive_scan(g, value, plus<T>());
}
} // namespace __v1
/* Again: the parser's view of a using-directive is the names present when it is read. */
using namespace __v1;
} // namespace cooperative_groups
