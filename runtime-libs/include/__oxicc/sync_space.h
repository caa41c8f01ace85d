/* oxicc built-in header (internal, included by device_functions.h): block-wide votes, the
 * sleep and global-timer intrinsics, and the address-space predicates and conversions,
 * written for oxicc from the CUDA Programming Guide. Each is the PTX nvcc emits for it:
 * `bar.red.{popc,and,or}` on barrier 0 (a full __syncthreads with a reduction),
 * `nanosleep` (sm_70+), `%globaltimer`, `isspacep.<space>` and `cvta[.to].<space>`. */
#pragma once

extern "C" __device__ __forceinline__ int __syncthreads_count(int predicate) {
    int r;
    asm volatile("{\n\t.reg .pred %%p;\n\tsetp.ne.s32 %%p, %1, 0;\n\t"
                 "bar.red.popc.u32 %0, 0, %%p;\n\t}"
                 : "=r"(r) : "r"(predicate) : "memory");
    return r;
}
extern "C" __device__ __forceinline__ int __syncthreads_and(int predicate) {
    int r;
    asm volatile("{\n\t.reg .pred %%p, %%q;\n\tsetp.ne.s32 %%p, %1, 0;\n\t"
                 "bar.red.and.pred %%q, 0, %%p;\n\tselp.s32 %0, 1, 0, %%q;\n\t}"
                 : "=r"(r) : "r"(predicate) : "memory");
    return r;
}
extern "C" __device__ __forceinline__ int __syncthreads_or(int predicate) {
    int r;
    asm volatile("{\n\t.reg .pred %%p, %%q;\n\tsetp.ne.s32 %%p, %1, 0;\n\t"
                 "bar.red.or.pred %%q, 0, %%p;\n\tselp.s32 %0, 1, 0, %%q;\n\t}"
                 : "=r"(r) : "r"(predicate) : "memory");
    return r;
}
extern "C" __device__ __forceinline__ void __nanosleep(unsigned int ns) {
    asm volatile("nanosleep.u32 %0;" : : "r"(ns));
}
extern "C" __device__ __forceinline__ unsigned long long __globaltimer(void) {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

#define __OXICC_ISSPACE(NAME, SPACE)                                                         \
    extern "C" __device__ __forceinline__ unsigned int NAME(const void *ptr) {             \
        unsigned int r;                                                                     \
        asm("{\n\t.reg .pred %%p;\n\tisspacep." SPACE " %%p, %1;\n\tselp.u32 %0, 1, 0, %%p;\n\t}" \
            : "=r"(r) : "l"(ptr));                                                          \
        return r;                                                                           \
    }
__OXICC_ISSPACE(__isGlobal, "global")
__OXICC_ISSPACE(__isShared, "shared")
__OXICC_ISSPACE(__isLocal, "local")
__OXICC_ISSPACE(__isConstant, "const")
#undef __OXICC_ISSPACE

#define __OXICC_CVTA(TO, FROM, SPACE)                                                        \
    extern "C" __device__ __forceinline__ unsigned long TO(const void *ptr) {              \
        unsigned long r;                                                                    \
        asm("cvta.to." SPACE ".u64 %0, %1;" : "=l"(r) : "l"(ptr));                          \
        return r;                                                                           \
    }                                                                                       \
    extern "C" __device__ __forceinline__ void *FROM(unsigned long a) {                    \
        void *r;                                                                            \
        asm("cvta." SPACE ".u64 %0, %1;" : "=l"(r) : "l"(a));                               \
        return r;                                                                           \
    }
__OXICC_CVTA(__cvta_generic_to_global, __cvta_global_to_generic, "global")
__OXICC_CVTA(__cvta_generic_to_shared, __cvta_shared_to_generic, "shared")
__OXICC_CVTA(__cvta_generic_to_local, __cvta_local_to_generic, "local")
__OXICC_CVTA(__cvta_generic_to_constant, __cvta_constant_to_generic, "const")
#undef __OXICC_CVTA
