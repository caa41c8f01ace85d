/* oxicc built-in header (internal, included by device_functions.h): the cache-hint loads
 * of the CUDA Programming Guide ("Load Functions Using Cache Hints") on every scalar type
 * and the 32- and 64-bit vector types, and `__ldg` of those vector types (the compiler
 * lowers `__ldg` of a scalar itself; 8- and 16-bit vectors are not here yet). Each is one
 * `ld.global.<hint>` (`ld.global.nc` for `__ldg`), vectors as one `.v2`/`.v4` access;
 * 8-bit values travel in 16-bit registers. The hinted loads are volatile statements with a
 * memory clobber, so that they stay ordered with the kernel's stores (`__ldcv` rereads
 * memory by definition); `__ldg` reads data that is read-only for the kernel and may move.
 * Generated from a type table. */
#pragma once
#include <vector_types.h>

/* __ldcg: ld.global.cg */
static __device__ __forceinline__ char __ldcg(const char *p) {
    short v;
    asm volatile("ld.global.cg.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (char)v;
}
static __device__ __forceinline__ signed char __ldcg(const signed char *p) {
    short v;
    asm volatile("ld.global.cg.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (signed char)v;
}
static __device__ __forceinline__ unsigned char __ldcg(const unsigned char *p) {
    short v;
    asm volatile("ld.global.cg.u8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (unsigned char)v;
}
static __device__ __forceinline__ short __ldcg(const short *p) {
    short v;
    asm volatile("ld.global.cg.s16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned short __ldcg(const unsigned short *p) {
    unsigned short v;
    asm volatile("ld.global.cg.u16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int __ldcg(const int *p) {
    int v;
    asm volatile("ld.global.cg.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned int __ldcg(const unsigned int *p) {
    unsigned int v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long __ldcg(const long *p) {
    long v;
    asm volatile("ld.global.cg.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long __ldcg(const unsigned long *p) {
    unsigned long v;
    asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long long __ldcg(const long long *p) {
    long long v;
    asm volatile("ld.global.cg.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long long __ldcg(const unsigned long long *p) {
    unsigned long long v;
    asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float __ldcg(const float *p) {
    float v;
    asm volatile("ld.global.cg.f32 %0, [%1];" : "=f"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double __ldcg(const double *p) {
    double v;
    asm volatile("ld.global.cg.f64 %0, [%1];" : "=d"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int2 __ldcg(const int2 *p) {
    int2 v;
    asm volatile("ld.global.cg.v2.s32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int4 __ldcg(const int4 *p) {
    int4 v;
    asm volatile("ld.global.cg.v4.s32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint2 __ldcg(const uint2 *p) {
    uint2 v;
    asm volatile("ld.global.cg.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint4 __ldcg(const uint4 *p) {
    uint4 v;
    asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ longlong2 __ldcg(const longlong2 *p) {
    longlong2 v;
    asm volatile("ld.global.cg.v2.s64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ ulonglong2 __ldcg(const ulonglong2 *p) {
    ulonglong2 v;
    asm volatile("ld.global.cg.v2.u64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float2 __ldcg(const float2 *p) {
    float2 v;
    asm volatile("ld.global.cg.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float4 __ldcg(const float4 *p) {
    float4 v;
    asm volatile("ld.global.cg.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double2 __ldcg(const double2 *p) {
    double2 v;
    asm volatile("ld.global.cg.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p) : "memory");
    return v;
}

/* __ldca: ld.global.ca */
static __device__ __forceinline__ char __ldca(const char *p) {
    short v;
    asm volatile("ld.global.ca.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (char)v;
}
static __device__ __forceinline__ signed char __ldca(const signed char *p) {
    short v;
    asm volatile("ld.global.ca.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (signed char)v;
}
static __device__ __forceinline__ unsigned char __ldca(const unsigned char *p) {
    short v;
    asm volatile("ld.global.ca.u8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (unsigned char)v;
}
static __device__ __forceinline__ short __ldca(const short *p) {
    short v;
    asm volatile("ld.global.ca.s16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned short __ldca(const unsigned short *p) {
    unsigned short v;
    asm volatile("ld.global.ca.u16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int __ldca(const int *p) {
    int v;
    asm volatile("ld.global.ca.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned int __ldca(const unsigned int *p) {
    unsigned int v;
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long __ldca(const long *p) {
    long v;
    asm volatile("ld.global.ca.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long __ldca(const unsigned long *p) {
    unsigned long v;
    asm volatile("ld.global.ca.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long long __ldca(const long long *p) {
    long long v;
    asm volatile("ld.global.ca.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long long __ldca(const unsigned long long *p) {
    unsigned long long v;
    asm volatile("ld.global.ca.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float __ldca(const float *p) {
    float v;
    asm volatile("ld.global.ca.f32 %0, [%1];" : "=f"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double __ldca(const double *p) {
    double v;
    asm volatile("ld.global.ca.f64 %0, [%1];" : "=d"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int2 __ldca(const int2 *p) {
    int2 v;
    asm volatile("ld.global.ca.v2.s32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int4 __ldca(const int4 *p) {
    int4 v;
    asm volatile("ld.global.ca.v4.s32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint2 __ldca(const uint2 *p) {
    uint2 v;
    asm volatile("ld.global.ca.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint4 __ldca(const uint4 *p) {
    uint4 v;
    asm volatile("ld.global.ca.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ longlong2 __ldca(const longlong2 *p) {
    longlong2 v;
    asm volatile("ld.global.ca.v2.s64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ ulonglong2 __ldca(const ulonglong2 *p) {
    ulonglong2 v;
    asm volatile("ld.global.ca.v2.u64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float2 __ldca(const float2 *p) {
    float2 v;
    asm volatile("ld.global.ca.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float4 __ldca(const float4 *p) {
    float4 v;
    asm volatile("ld.global.ca.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double2 __ldca(const double2 *p) {
    double2 v;
    asm volatile("ld.global.ca.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p) : "memory");
    return v;
}

/* __ldcs: ld.global.cs */
static __device__ __forceinline__ char __ldcs(const char *p) {
    short v;
    asm volatile("ld.global.cs.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (char)v;
}
static __device__ __forceinline__ signed char __ldcs(const signed char *p) {
    short v;
    asm volatile("ld.global.cs.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (signed char)v;
}
static __device__ __forceinline__ unsigned char __ldcs(const unsigned char *p) {
    short v;
    asm volatile("ld.global.cs.u8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (unsigned char)v;
}
static __device__ __forceinline__ short __ldcs(const short *p) {
    short v;
    asm volatile("ld.global.cs.s16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned short __ldcs(const unsigned short *p) {
    unsigned short v;
    asm volatile("ld.global.cs.u16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int __ldcs(const int *p) {
    int v;
    asm volatile("ld.global.cs.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned int __ldcs(const unsigned int *p) {
    unsigned int v;
    asm volatile("ld.global.cs.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long __ldcs(const long *p) {
    long v;
    asm volatile("ld.global.cs.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long __ldcs(const unsigned long *p) {
    unsigned long v;
    asm volatile("ld.global.cs.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long long __ldcs(const long long *p) {
    long long v;
    asm volatile("ld.global.cs.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long long __ldcs(const unsigned long long *p) {
    unsigned long long v;
    asm volatile("ld.global.cs.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float __ldcs(const float *p) {
    float v;
    asm volatile("ld.global.cs.f32 %0, [%1];" : "=f"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double __ldcs(const double *p) {
    double v;
    asm volatile("ld.global.cs.f64 %0, [%1];" : "=d"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int2 __ldcs(const int2 *p) {
    int2 v;
    asm volatile("ld.global.cs.v2.s32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int4 __ldcs(const int4 *p) {
    int4 v;
    asm volatile("ld.global.cs.v4.s32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint2 __ldcs(const uint2 *p) {
    uint2 v;
    asm volatile("ld.global.cs.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint4 __ldcs(const uint4 *p) {
    uint4 v;
    asm volatile("ld.global.cs.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ longlong2 __ldcs(const longlong2 *p) {
    longlong2 v;
    asm volatile("ld.global.cs.v2.s64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ ulonglong2 __ldcs(const ulonglong2 *p) {
    ulonglong2 v;
    asm volatile("ld.global.cs.v2.u64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float2 __ldcs(const float2 *p) {
    float2 v;
    asm volatile("ld.global.cs.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float4 __ldcs(const float4 *p) {
    float4 v;
    asm volatile("ld.global.cs.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double2 __ldcs(const double2 *p) {
    double2 v;
    asm volatile("ld.global.cs.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p) : "memory");
    return v;
}

/* __ldlu: ld.global.lu */
static __device__ __forceinline__ char __ldlu(const char *p) {
    short v;
    asm volatile("ld.global.lu.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (char)v;
}
static __device__ __forceinline__ signed char __ldlu(const signed char *p) {
    short v;
    asm volatile("ld.global.lu.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (signed char)v;
}
static __device__ __forceinline__ unsigned char __ldlu(const unsigned char *p) {
    short v;
    asm volatile("ld.global.lu.u8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (unsigned char)v;
}
static __device__ __forceinline__ short __ldlu(const short *p) {
    short v;
    asm volatile("ld.global.lu.s16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned short __ldlu(const unsigned short *p) {
    unsigned short v;
    asm volatile("ld.global.lu.u16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int __ldlu(const int *p) {
    int v;
    asm volatile("ld.global.lu.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned int __ldlu(const unsigned int *p) {
    unsigned int v;
    asm volatile("ld.global.lu.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long __ldlu(const long *p) {
    long v;
    asm volatile("ld.global.lu.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long __ldlu(const unsigned long *p) {
    unsigned long v;
    asm volatile("ld.global.lu.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long long __ldlu(const long long *p) {
    long long v;
    asm volatile("ld.global.lu.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long long __ldlu(const unsigned long long *p) {
    unsigned long long v;
    asm volatile("ld.global.lu.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float __ldlu(const float *p) {
    float v;
    asm volatile("ld.global.lu.f32 %0, [%1];" : "=f"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double __ldlu(const double *p) {
    double v;
    asm volatile("ld.global.lu.f64 %0, [%1];" : "=d"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int2 __ldlu(const int2 *p) {
    int2 v;
    asm volatile("ld.global.lu.v2.s32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int4 __ldlu(const int4 *p) {
    int4 v;
    asm volatile("ld.global.lu.v4.s32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint2 __ldlu(const uint2 *p) {
    uint2 v;
    asm volatile("ld.global.lu.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint4 __ldlu(const uint4 *p) {
    uint4 v;
    asm volatile("ld.global.lu.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ longlong2 __ldlu(const longlong2 *p) {
    longlong2 v;
    asm volatile("ld.global.lu.v2.s64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ ulonglong2 __ldlu(const ulonglong2 *p) {
    ulonglong2 v;
    asm volatile("ld.global.lu.v2.u64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float2 __ldlu(const float2 *p) {
    float2 v;
    asm volatile("ld.global.lu.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float4 __ldlu(const float4 *p) {
    float4 v;
    asm volatile("ld.global.lu.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double2 __ldlu(const double2 *p) {
    double2 v;
    asm volatile("ld.global.lu.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p) : "memory");
    return v;
}

/* __ldcv: ld.global.cv */
static __device__ __forceinline__ char __ldcv(const char *p) {
    short v;
    asm volatile("ld.global.cv.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (char)v;
}
static __device__ __forceinline__ signed char __ldcv(const signed char *p) {
    short v;
    asm volatile("ld.global.cv.s8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (signed char)v;
}
static __device__ __forceinline__ unsigned char __ldcv(const unsigned char *p) {
    short v;
    asm volatile("ld.global.cv.u8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return (unsigned char)v;
}
static __device__ __forceinline__ short __ldcv(const short *p) {
    short v;
    asm volatile("ld.global.cv.s16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned short __ldcv(const unsigned short *p) {
    unsigned short v;
    asm volatile("ld.global.cv.u16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int __ldcv(const int *p) {
    int v;
    asm volatile("ld.global.cv.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned int __ldcv(const unsigned int *p) {
    unsigned int v;
    asm volatile("ld.global.cv.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long __ldcv(const long *p) {
    long v;
    asm volatile("ld.global.cv.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long __ldcv(const unsigned long *p) {
    unsigned long v;
    asm volatile("ld.global.cv.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ long long __ldcv(const long long *p) {
    long long v;
    asm volatile("ld.global.cv.s64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ unsigned long long __ldcv(const unsigned long long *p) {
    unsigned long long v;
    asm volatile("ld.global.cv.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float __ldcv(const float *p) {
    float v;
    asm volatile("ld.global.cv.f32 %0, [%1];" : "=f"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double __ldcv(const double *p) {
    double v;
    asm volatile("ld.global.cv.f64 %0, [%1];" : "=d"(v) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int2 __ldcv(const int2 *p) {
    int2 v;
    asm volatile("ld.global.cv.v2.s32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ int4 __ldcv(const int4 *p) {
    int4 v;
    asm volatile("ld.global.cv.v4.s32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint2 __ldcv(const uint2 *p) {
    uint2 v;
    asm volatile("ld.global.cv.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ uint4 __ldcv(const uint4 *p) {
    uint4 v;
    asm volatile("ld.global.cv.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ longlong2 __ldcv(const longlong2 *p) {
    longlong2 v;
    asm volatile("ld.global.cv.v2.s64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ ulonglong2 __ldcv(const ulonglong2 *p) {
    ulonglong2 v;
    asm volatile("ld.global.cv.v2.u64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float2 __ldcv(const float2 *p) {
    float2 v;
    asm volatile("ld.global.cv.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ float4 __ldcv(const float4 *p) {
    float4 v;
    asm volatile("ld.global.cv.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p) : "memory");
    return v;
}
static __device__ __forceinline__ double2 __ldcv(const double2 *p) {
    double2 v;
    asm volatile("ld.global.cv.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p) : "memory");
    return v;
}

/* __ldg of the vector types: ld.global.nc */
static __device__ __forceinline__ int2 __ldg(const int2 *p) {
    int2 v;
    asm("ld.global.nc.v2.s32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p));
    return v;
}
static __device__ __forceinline__ int4 __ldg(const int4 *p) {
    int4 v;
    asm("ld.global.nc.v4.s32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
    return v;
}
static __device__ __forceinline__ uint2 __ldg(const uint2 *p) {
    uint2 v;
    asm("ld.global.nc.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p));
    return v;
}
static __device__ __forceinline__ uint4 __ldg(const uint4 *p) {
    uint4 v;
    asm("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
    return v;
}
static __device__ __forceinline__ longlong2 __ldg(const longlong2 *p) {
    longlong2 v;
    asm("ld.global.nc.v2.s64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p));
    return v;
}
static __device__ __forceinline__ ulonglong2 __ldg(const ulonglong2 *p) {
    ulonglong2 v;
    asm("ld.global.nc.v2.u64 {%0, %1}, [%2];" : "=l"(v.x), "=l"(v.y) : "l"(p));
    return v;
}
static __device__ __forceinline__ float2 __ldg(const float2 *p) {
    float2 v;
    asm("ld.global.nc.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p));
    return v;
}
static __device__ __forceinline__ float4 __ldg(const float4 *p) {
    float4 v;
    asm("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    return v;
}
static __device__ __forceinline__ double2 __ldg(const double2 *p) {
    double2 v;
    asm("ld.global.nc.v2.f64 {%0, %1}, [%2];" : "=d"(v.x), "=d"(v.y) : "l"(p));
    return v;
}

