/* oxicc built-in header: <cooperative_groups/memcpy_async.h>: cg::memcpy_async and
 * cg::wait. The copy is made by the group's threads at the call (each a strided share of
 * the bytes); wait() is the group's barrier, after which every thread sees the data, which
 * is the API's contract. (cp.async lowering on sm_80+ is future work.) */
#pragma once
#include <cooperative_groups.h>

namespace cooperative_groups {
namespace __v1 {
template <class Group>
__device__ void memcpy_async(const Group &g, void *dst, const void *src, size_t bytes) {
    char *d = (char *)dst;
    const char *s = (const char *)src;
    for (size_t i = g.thread_rank(); i < bytes; i += g.size())
        d[i] = s[i];
}
template <class Group> __device__ void wait(const Group &g) { g.sync(); }
template <class Group> __device__ void wait_prior(const Group &g) { g.sync(); }
} // namespace __v1
/* Again: the parser's view of a using-directive is the names present when it is read. */
using namespace __v1;
} // namespace cooperative_groups
