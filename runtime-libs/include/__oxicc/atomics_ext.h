/* oxicc built-in header (internal, included by device_functions.h): the atomics CUDA
 * declares beyond the compiler's own built-in set, written for oxicc as inline PTX from the
 * CUDA Programming Guide's descriptions:
 * - `atomicCAS` on `unsigned short` (sm_70 and later): one `atom.cas.b16`;
 * - `atomicAdd`, `atomicAdd_block`, `atomicAdd_system` on `float2` and `float4` (sm_90 and
 *   later, global memory only): one vector atomic `atom.global{.cta,.sys}.add.v2/.v4.f32`,
 *   the form nvcc emits. The pointer is converted to a global address first.
 * They exist only for the targets that have them (elsewhere a call finds no overload, as
 * with nvcc). They are volatile statements with a memory clobber, like the built-in
 * atomics: never merged, moved or deleted. */
#pragma once
#include <vector_types.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
static __device__ __forceinline__ unsigned short atomicCAS(unsigned short *address,
                                                           unsigned short compare,
                                                           unsigned short val) {
    unsigned short old;
    asm volatile("atom.cas.b16 %0, [%1], %2, %3;"
                 : "=h"(old)
                 : "l"(address), "h"(compare), "h"(val)
                 : "memory");
    return old;
}
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
/* F: the function; S: the scope qualifier of the instruction ("" for the device). */
#define __OXICC_ATOMIC_ADD_V(F, S)                                                          \
    static __device__ __forceinline__ float2 F(float2 *address, float2 val) {               \
        float2 old;                                                                         \
        asm volatile("{\n\t.reg .u64 g;\n\tcvta.to.global.u64 g, %2;\n\t"                   \
                     "atom.global" S ".add.v2.f32 {%0, %1}, [g], {%3, %4};\n\t}"            \
                     : "=f"(old.x), "=f"(old.y)                                             \
                     : "l"(address), "f"(val.x), "f"(val.y)                                 \
                     : "memory");                                                           \
        return old;                                                                         \
    }                                                                                       \
    static __device__ __forceinline__ float4 F(float4 *address, float4 val) {               \
        float4 old;                                                                         \
        asm volatile("{\n\t.reg .u64 g;\n\tcvta.to.global.u64 g, %4;\n\t"                   \
                     "atom.global" S ".add.v4.f32 {%0, %1, %2, %3}, [g], {%5, %6, %7, %8};\n\t}" \
                     : "=f"(old.x), "=f"(old.y), "=f"(old.z), "=f"(old.w)                   \
                     : "l"(address), "f"(val.x), "f"(val.y), "f"(val.z), "f"(val.w)         \
                     : "memory");                                                           \
        return old;                                                                         \
    }
__OXICC_ATOMIC_ADD_V(atomicAdd, "")
__OXICC_ATOMIC_ADD_V(atomicAdd_block, ".cta")
__OXICC_ATOMIC_ADD_V(atomicAdd_system, ".sys")
#undef __OXICC_ATOMIC_ADD_V
#endif
