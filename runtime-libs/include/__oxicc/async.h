/* oxicc built-in header (internal): the PTX pieces under cuda_pipeline.h, cuda/barrier and
 * cuda/pipeline, written for oxicc from the PTX ISA's description of `cp.async` and
 * `mbarrier`:
 * - shared-window addresses (`cvta.to.shared`), which both instruction families take;
 * - one `cp.async` of 4, 8 or 16 bytes (`.ca` below 16 bytes, `.cg` at 16, as the ISA
 *   allows `.cg` only there), with a source size for zero fill;
 * - `cp.async.commit_group` / `wait_group N` (N must be an immediate: a switch over the
 *   common depths, `wait_all` beyond them);
 * - an mbarrier (a 64-bit word in shared memory): init, arrive (its token), the wait on a
 *   token or on a phase parity (`try_wait` on sm_90, a `test_wait` loop before), arrive
 *   and drop, and the arrive-on of a thread's earlier cp.async copies.
 * cp.async and mbarrier exist from sm_80; on older targets the copies are plain loads and
 * stores and a barrier is not available (a call is a PTX error from ptxas, as with nvcc's
 * headers). */
#pragma once

namespace __oxicc_async {

static __device__ __forceinline__ unsigned int smem_addr(const void *p) {
    unsigned long long a;
    asm("cvta.to.shared.u64 %0, %1;" : "=l"(a) : "l"(p));
    return (unsigned int)a;
}

static __device__ __forceinline__ bool is_shared(const void *p) {
    unsigned int r;
    asm("{\n\t.reg .pred p;\n\tisspacep.shared p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(r) : "l"(p));
    return r != 0u;
}

/* One copy of `size` bytes (4, 8 or 16), `src_size` of them read (the rest zero). */
static __device__ __forceinline__ void cp_async(void *dst, const void *src, unsigned int size,
                                                unsigned int src_size) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned int d = smem_addr(dst);
    if (size == 16u)
        asm volatile("{\n\t.reg .u64 g;\n\tcvta.to.global.u64 g, %1;\n\tcp.async.cg.shared.global [%0], [g], 16, %2;\n\t}"
                     :: "r"(d), "l"(src), "r"(src_size) : "memory");
    else if (size == 8u)
        asm volatile("{\n\t.reg .u64 g;\n\tcvta.to.global.u64 g, %1;\n\tcp.async.ca.shared.global [%0], [g], 8, %2;\n\t}"
                     :: "r"(d), "l"(src), "r"(src_size) : "memory");
    else
        asm volatile("{\n\t.reg .u64 g;\n\tcvta.to.global.u64 g, %1;\n\tcp.async.ca.shared.global [%0], [g], 4, %2;\n\t}"
                     :: "r"(d), "l"(src), "r"(src_size) : "memory");
#else
    char *d = (char *)dst;
    const char *s = (const char *)src;
    for (unsigned int i = 0; i < size; ++i)
        d[i] = i < src_size ? s[i] : 0;
#endif
}

static __device__ __forceinline__ void commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}

/* Wait until at most `prior` of this thread's committed groups are still in flight. */
static __device__ __forceinline__ void wait_prior(unsigned int prior) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    switch (prior) {
    case 0u: asm volatile("cp.async.wait_group 0;" ::: "memory"); break;
    case 1u: asm volatile("cp.async.wait_group 1;" ::: "memory"); break;
    case 2u: asm volatile("cp.async.wait_group 2;" ::: "memory"); break;
    case 3u: asm volatile("cp.async.wait_group 3;" ::: "memory"); break;
    case 4u: asm volatile("cp.async.wait_group 4;" ::: "memory"); break;
    case 5u: asm volatile("cp.async.wait_group 5;" ::: "memory"); break;
    case 6u: asm volatile("cp.async.wait_group 6;" ::: "memory"); break;
    case 7u: asm volatile("cp.async.wait_group 7;" ::: "memory"); break;
    default: asm volatile("cp.async.wait_all;" ::: "memory"); break;
    }
#endif
}

static __device__ __forceinline__ bool is_global(const void *p) {
    unsigned int r;
    asm("{\n\t.reg .pred p;\n\tisspacep.global p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(r) : "l"(p));
    return r != 0u;
}

/* Copies `size` bytes whose pointers are multiples of `align`: cp.async chunks of up to 16
 * bytes from global into shared memory, a plain copy otherwise and for a tail shorter
 * than a chunk (complete at once, which every later wait satisfies). */
static __device__ __forceinline__ void copy(void *dst, const void *src, unsigned long size,
                                            unsigned long align) {
    unsigned long off = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if (align >= 4ul && is_shared(dst) && is_global(src)) {
        unsigned int chunk = align >= 16ul ? 16u : align >= 8ul ? 8u : 4u;
        for (; off + chunk <= size; off += chunk)
            cp_async((char *)dst + off, (const char *)src + off, chunk, chunk);
    }
#endif
    char *d = (char *)dst;
    const char *s = (const char *)src;
    for (; off < size; ++off)
        d[off] = s[off];
}

/* --- mbarrier ------------------------------------------------------------------------ */

static __device__ __forceinline__ void mbar_init(unsigned long long *bar, unsigned int count) {
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" :: "r"(smem_addr(bar)), "r"(count) : "memory");
}

static __device__ __forceinline__ void mbar_inval(unsigned long long *bar) {
    asm volatile("mbarrier.inval.shared.b64 [%0];" :: "r"(smem_addr(bar)) : "memory");
}

static __device__ __forceinline__ unsigned long long mbar_arrive(unsigned long long *bar,
                                                                 unsigned int count) {
    unsigned long long token;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1], %2;"
                 : "=l"(token) : "r"(smem_addr(bar)), "r"(count) : "memory");
#else
    /* The count operand needs sm_90: earlier targets arrive once per count. */
    unsigned int a = smem_addr(bar);
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(token) : "r"(a) : "memory");
    for (unsigned int i = 1; i < count; ++i)
        asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(token) : "r"(a) : "memory");
#endif
    return token;
}

static __device__ __forceinline__ unsigned long long mbar_arrive_drop(unsigned long long *bar) {
    unsigned long long token;
    asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];"
                 : "=l"(token) : "r"(smem_addr(bar)) : "memory");
    return token;
}

/* The arrive-on of this thread's earlier cp.async copies: `noinc` counts it as one of the
 * phase's expected arrivals; without it the barrier's pending count grows by one first, so
 * the phase only waits for the copies. */
static __device__ __forceinline__ void mbar_cp_async_arrive(unsigned long long *bar, bool noinc) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if (noinc)
        asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" :: "r"(smem_addr(bar)) : "memory");
    else
        asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" :: "r"(smem_addr(bar)) : "memory");
#else
    if (noinc)
        mbar_arrive(bar, 1u);
#endif
}

/* Waits until the phase that `token` was taken in has completed. */
static __device__ __forceinline__ void mbar_wait(unsigned long long *bar, unsigned long long token) {
    unsigned int a = smem_addr(bar);
    unsigned int done;
    do {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.shared.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(a), "l"(token) : "memory");
#else
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.shared.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(a), "l"(token) : "memory");
#endif
    } while (done == 0u);
}

/* Waits until the barrier's phase of parity `parity` has completed. */
static __device__ __forceinline__ void mbar_wait_parity(unsigned long long *bar, unsigned int parity) {
    unsigned int a = smem_addr(bar);
    unsigned int done;
    do {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(a), "r"(parity) : "memory");
#else
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.parity.shared.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(a), "r"(parity) : "memory");
#endif
    } while (done == 0u);
}

} // namespace __oxicc_async
