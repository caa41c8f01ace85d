/* oxicc built-in header: <cooperative_groups/memcpy_async.h>: cg::memcpy_async and
 * cg::wait. The group's threads share the copy in chunks of the promised alignment (a
 * `cuda::aligned_size_t<A>` size; 1 byte for a plain size), up to 16 bytes, thread r taking
 * chunks r, r + size(), …; from global into shared memory on sm_80+ each chunk of 4 bytes or
 * more is one `cp.async`, anything else a plain copy. wait() is `cp.async.wait_all` (the
 * calling thread's copies have landed) and then the group's barrier, after which every
 * thread sees the data, which is the API's contract. */
#pragma once
#include <cooperative_groups.h>
#include <__oxicc/cuda_common.h>

namespace cooperative_groups {
namespace __v1 {
namespace details {
template <class Size> struct copy_align {
    static constexpr unsigned long value = 1;
};
template <unsigned long A> struct copy_align<cuda::aligned_size_t<A>> {
    static constexpr unsigned long value = A;
};
} // namespace details

template <class Group, class Size>
__device__ void memcpy_async(const Group &g, void *dst, const void *src, Size size) {
    unsigned long bytes = (unsigned long)size;
    unsigned long align = details::copy_align<Size>::value;
    unsigned long chunk = align >= 16ul ? 16ul : align >= 8ul ? 8ul : align >= 4ul ? 4ul : 1ul;
    unsigned long n = g.size();
    unsigned long full = bytes / chunk;
    for (unsigned long c = g.thread_rank(); c < full; c += n)
        __oxicc_async::copy((char *)dst + c * chunk, (const char *)src + c * chunk, chunk, chunk);
    /* The tail shorter than a chunk: the first thread copies it. */
    if (g.thread_rank() == 0) {
        for (unsigned long i = full * chunk; i < bytes; ++i)
            ((char *)dst)[i] = ((const char *)src)[i];
    }
}
template <class Group> __device__ void wait(const Group &g) {
    __oxicc_async::wait_prior(8u);
    g.sync();
}
/* Waits for all but the last N batches of this thread's copies, then the group's barrier. */
template <unsigned int N, class Group> __device__ void wait_prior(const Group &g) {
    __oxicc_async::wait_prior(N);
    g.sync();
}
} // namespace __v1
/* Again: the parser's view of a using-directive is the names present when it is read. */
using namespace __v1;
} // namespace cooperative_groups
