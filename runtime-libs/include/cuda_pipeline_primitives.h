/* oxicc built-in header: <cuda_pipeline_primitives.h>: the C primitives of asynchronous
 * copies into shared memory, written for oxicc from the CUDA Programming Guide's
 * description: `__pipeline_memcpy_async(dst, src, size_and_align, zfill)` (4, 8 or 16
 * bytes, the last `zfill` of them zero: one `cp.async`), `__pipeline_commit()`
 * (`cp.async.commit_group`), `__pipeline_wait_prior(n)` (`cp.async.wait_group n`), and
 * `__pipeline_arrive_on(bar)` (`cp.async.mbarrier.arrive`). */
#pragma once
#include <__oxicc/async.h>

static __device__ __forceinline__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                                               const void *__restrict__ src_global,
                                                               unsigned long size_and_align,
                                                               unsigned long zfill = 0ul) {
    __oxicc_async::cp_async(dst_shared, src_global, (unsigned int)size_and_align,
                            (unsigned int)(size_and_align - zfill));
}

static __device__ __forceinline__ void __pipeline_commit() { __oxicc_async::commit(); }

static __device__ __forceinline__ void __pipeline_wait_prior(unsigned long prior) {
    __oxicc_async::wait_prior(prior > 8ul ? 8u : (unsigned int)prior);
}

static __device__ __forceinline__ void __pipeline_arrive_on(unsigned long long *bar) {
    __oxicc_async::mbar_cp_async_arrive(bar, false);
}
