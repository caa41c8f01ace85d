/* oxicc built-in header (internal, included by device_functions.h): the cache-hint loads
 * of the CUDA Programming Guide ("Load Functions Using Cache Hints") on every scalar type
 * and every vector type CUDA gives them (8-, 16-, 32- and 64-bit elements), and `__ldg` of
 * the vector types (the compiler lowers `__ldg` of a scalar itself). Each is one
 * `ld.global.<hint>` (`ld.global.nc` for `__ldg`), vectors as one `.v2`/`.v4` access.
 * Registers as nvcc's headers use them: 8-bit scalars travel in 16-bit registers, 8-bit
 * vector elements in 32-bit ones. The hinted loads are volatile statements with a memory
 * clobber, so that they stay ordered with the kernel's stores (`__ldcv` rereads memory by
 * definition); `__ldg` reads data that is read-only for the kernel and may move.
 *
 * Written by hand as two type tables (scalars, vectors) expanded once per hint: a row
 * names the C type, the PTX type, the constraint and the type the value travels in. */
#pragma once
#include <vector_types.h>

#define __OXICC_LD1(F, Q, V, CL, T, P, C, R)                                                \
    static __device__ __forceinline__ T F(const T *p) {                                     \
        R a;                                                                                \
        asm V("ld.global." Q "." P " %0, [%1];" : C(a) : "l"(p) CL);                        \
        return (T)a;                                                                        \
    }
#define __OXICC_LD2(F, Q, V, CL, T, E, P, C, R)                                             \
    static __device__ __forceinline__ T F(const T *p) {                                     \
        R a, b;                                                                             \
        asm V("ld.global." Q ".v2." P " {%0, %1}, [%2];" : C(a), C(b) : "l"(p) CL);         \
        T v;                                                                                \
        v.x = (E)a;                                                                         \
        v.y = (E)b;                                                                         \
        return v;                                                                           \
    }
#define __OXICC_LD4(F, Q, V, CL, T, E, P, C, R)                                             \
    static __device__ __forceinline__ T F(const T *p) {                                     \
        R a, b, c, d;                                                                       \
        asm V("ld.global." Q ".v4." P " {%0, %1, %2, %3}, [%4];"                            \
              : C(a), C(b), C(c), C(d)                                                      \
              : "l"(p) CL);                                                                 \
        T v;                                                                                \
        v.x = (E)a;                                                                         \
        v.y = (E)b;                                                                         \
        v.z = (E)c;                                                                         \
        v.w = (E)d;                                                                         \
        return v;                                                                           \
    }

#define __OXICC_LD_SCALARS(F, Q, V, CL)                                                     \
    __OXICC_LD1(F, Q, V, CL, char, "s8", "=h", short)                                       \
    __OXICC_LD1(F, Q, V, CL, signed char, "s8", "=h", short)                                \
    __OXICC_LD1(F, Q, V, CL, unsigned char, "u8", "=h", short)                              \
    __OXICC_LD1(F, Q, V, CL, short, "s16", "=h", short)                                     \
    __OXICC_LD1(F, Q, V, CL, unsigned short, "u16", "=h", unsigned short)                   \
    __OXICC_LD1(F, Q, V, CL, int, "s32", "=r", int)                                         \
    __OXICC_LD1(F, Q, V, CL, unsigned int, "u32", "=r", unsigned int)                       \
    __OXICC_LD1(F, Q, V, CL, long, "s64", "=l", long)                                       \
    __OXICC_LD1(F, Q, V, CL, unsigned long, "u64", "=l", unsigned long)                     \
    __OXICC_LD1(F, Q, V, CL, long long, "s64", "=l", long long)                             \
    __OXICC_LD1(F, Q, V, CL, unsigned long long, "u64", "=l", unsigned long long)           \
    __OXICC_LD1(F, Q, V, CL, float, "f32", "=f", float)                                     \
    __OXICC_LD1(F, Q, V, CL, double, "f64", "=d", double)

#define __OXICC_LD_VECTORS(F, Q, V, CL)                                                     \
    __OXICC_LD2(F, Q, V, CL, char2, char, "s8", "=r", int)                                  \
    __OXICC_LD4(F, Q, V, CL, char4, char, "s8", "=r", int)                                  \
    __OXICC_LD2(F, Q, V, CL, uchar2, unsigned char, "u8", "=r", unsigned int)               \
    __OXICC_LD4(F, Q, V, CL, uchar4, unsigned char, "u8", "=r", unsigned int)               \
    __OXICC_LD2(F, Q, V, CL, short2, short, "s16", "=h", short)                             \
    __OXICC_LD4(F, Q, V, CL, short4, short, "s16", "=h", short)                             \
    __OXICC_LD2(F, Q, V, CL, ushort2, unsigned short, "u16", "=h", unsigned short)          \
    __OXICC_LD4(F, Q, V, CL, ushort4, unsigned short, "u16", "=h", unsigned short)          \
    __OXICC_LD2(F, Q, V, CL, int2, int, "s32", "=r", int)                                   \
    __OXICC_LD4(F, Q, V, CL, int4, int, "s32", "=r", int)                                   \
    __OXICC_LD2(F, Q, V, CL, uint2, unsigned int, "u32", "=r", unsigned int)                \
    __OXICC_LD4(F, Q, V, CL, uint4, unsigned int, "u32", "=r", unsigned int)                \
    __OXICC_LD2(F, Q, V, CL, longlong2, long long, "s64", "=l", long long)                  \
    __OXICC_LD2(F, Q, V, CL, ulonglong2, unsigned long long, "u64", "=l", unsigned long long) \
    __OXICC_LD2(F, Q, V, CL, float2, float, "f32", "=f", float)                             \
    __OXICC_LD4(F, Q, V, CL, float4, float, "f32", "=f", float)                             \
    __OXICC_LD2(F, Q, V, CL, double2, double, "f64", "=d", double)

#define __OXICC_LD_HINT(F, Q)                                                               \
    __OXICC_LD_SCALARS(F, Q, volatile, : "memory")                                          \
    __OXICC_LD_VECTORS(F, Q, volatile, : "memory")

__OXICC_LD_HINT(__ldcg, "cg")
__OXICC_LD_HINT(__ldca, "ca")
__OXICC_LD_HINT(__ldcs, "cs")
__OXICC_LD_HINT(__ldlu, "lu")
__OXICC_LD_HINT(__ldcv, "cv")
__OXICC_LD_VECTORS(__ldg, "nc", , )

#undef __OXICC_LD_HINT
#undef __OXICC_LD_VECTORS
#undef __OXICC_LD_SCALARS
#undef __OXICC_LD4
#undef __OXICC_LD2
#undef __OXICC_LD1
