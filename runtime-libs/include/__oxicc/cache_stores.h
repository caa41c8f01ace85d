/* oxicc built-in header (internal, included by device_functions.h): the cache-hint stores
 * of the CUDA Programming Guide ("Store Functions Using Cache Hints") on every scalar type
 * and every vector type CUDA gives them (8-, 16-, 32- and 64-bit elements): one
 * `st.global.<hint>` each, vectors as one `.v2`/`.v4` store, with the registers nvcc's
 * headers use (8-bit scalars in 16-bit registers, 8-bit vector elements in 32-bit ones).
 *
 * Written by hand as one type table expanded once per hint (see cache_loads.h). */
#pragma once
#include <vector_types.h>

#define __OXICC_ST1(F, Q, T, P, C, R)                                                       \
    static __device__ __forceinline__ void F(T *p, T v) {                                   \
        asm volatile("st.global." Q "." P " [%0], %1;" : : "l"(p), C((R)v) : "memory");     \
    }
#define __OXICC_ST2(F, Q, T, P, C, R)                                                       \
    static __device__ __forceinline__ void F(T *p, T v) {                                   \
        asm volatile("st.global." Q ".v2." P " [%0], {%1, %2};"                             \
                     :                                                                      \
                     : "l"(p), C((R)v.x), C((R)v.y)                                         \
                     : "memory");                                                           \
    }
#define __OXICC_ST4(F, Q, T, P, C, R)                                                       \
    static __device__ __forceinline__ void F(T *p, T v) {                                   \
        asm volatile("st.global." Q ".v4." P " [%0], {%1, %2, %3, %4};"                     \
                     :                                                                      \
                     : "l"(p), C((R)v.x), C((R)v.y), C((R)v.z), C((R)v.w)                   \
                     : "memory");                                                           \
    }

#define __OXICC_ST_HINT(F, Q)                                                               \
    __OXICC_ST1(F, Q, char, "s8", "h", short)                                               \
    __OXICC_ST1(F, Q, signed char, "s8", "h", short)                                        \
    __OXICC_ST1(F, Q, unsigned char, "u8", "h", short)                                      \
    __OXICC_ST1(F, Q, short, "s16", "h", short)                                             \
    __OXICC_ST1(F, Q, unsigned short, "u16", "h", unsigned short)                           \
    __OXICC_ST1(F, Q, int, "s32", "r", int)                                                 \
    __OXICC_ST1(F, Q, unsigned int, "u32", "r", unsigned int)                               \
    __OXICC_ST1(F, Q, long, "s64", "l", long)                                               \
    __OXICC_ST1(F, Q, unsigned long, "u64", "l", unsigned long)                             \
    __OXICC_ST1(F, Q, long long, "s64", "l", long long)                                     \
    __OXICC_ST1(F, Q, unsigned long long, "u64", "l", unsigned long long)                   \
    __OXICC_ST1(F, Q, float, "f32", "f", float)                                             \
    __OXICC_ST1(F, Q, double, "f64", "d", double)                                           \
    __OXICC_ST2(F, Q, char2, "s8", "r", int)                                                \
    __OXICC_ST4(F, Q, char4, "s8", "r", int)                                                \
    __OXICC_ST2(F, Q, uchar2, "u8", "r", unsigned int)                                      \
    __OXICC_ST4(F, Q, uchar4, "u8", "r", unsigned int)                                      \
    __OXICC_ST2(F, Q, short2, "s16", "h", short)                                            \
    __OXICC_ST4(F, Q, short4, "s16", "h", short)                                            \
    __OXICC_ST2(F, Q, ushort2, "u16", "h", unsigned short)                                  \
    __OXICC_ST4(F, Q, ushort4, "u16", "h", unsigned short)                                  \
    __OXICC_ST2(F, Q, int2, "s32", "r", int)                                                \
    __OXICC_ST4(F, Q, int4, "s32", "r", int)                                                \
    __OXICC_ST2(F, Q, uint2, "u32", "r", unsigned int)                                      \
    __OXICC_ST4(F, Q, uint4, "u32", "r", unsigned int)                                      \
    __OXICC_ST2(F, Q, longlong2, "s64", "l", long long)                                     \
    __OXICC_ST2(F, Q, ulonglong2, "u64", "l", unsigned long long)                           \
    __OXICC_ST2(F, Q, float2, "f32", "f", float)                                            \
    __OXICC_ST4(F, Q, float4, "f32", "f", float)                                            \
    __OXICC_ST2(F, Q, double2, "f64", "d", double)

__OXICC_ST_HINT(__stwb, "wb")
__OXICC_ST_HINT(__stcg, "cg")
__OXICC_ST_HINT(__stcs, "cs")
__OXICC_ST_HINT(__stwt, "wt")

#undef __OXICC_ST_HINT
#undef __OXICC_ST4
#undef __OXICC_ST2
#undef __OXICC_ST1
