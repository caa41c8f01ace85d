/* oxicc built-in header (internal, included by device_functions.h): the cache-hint stores
 * of the CUDA Programming Guide ("Store Functions Using Cache Hints") on every scalar type
 * and the 32- and 64-bit vector types: one `st.global.<hint>` each, vectors as one
 * `.v2`/`.v4` store, as nvcc's headers write them. Generated from the type table of
 * cache_loads.h. */
#pragma once
#include <vector_types.h>

/* __stwb: st.global.wb */
static __device__ __forceinline__ void __stwb(char *p, char v) {
    asm volatile("st.global.wb.s8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stwb(signed char *p, signed char v) {
    asm volatile("st.global.wb.s8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stwb(unsigned char *p, unsigned char v) {
    asm volatile("st.global.wb.u8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stwb(short *p, short v) {
    asm volatile("st.global.wb.s16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(unsigned short *p, unsigned short v) {
    asm volatile("st.global.wb.u16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(int *p, int v) {
    asm volatile("st.global.wb.s32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(unsigned int *p, unsigned int v) {
    asm volatile("st.global.wb.u32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(long *p, long v) {
    asm volatile("st.global.wb.s64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(unsigned long *p, unsigned long v) {
    asm volatile("st.global.wb.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(long long *p, long long v) {
    asm volatile("st.global.wb.s64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(unsigned long long *p, unsigned long long v) {
    asm volatile("st.global.wb.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(float *p, float v) {
    asm volatile("st.global.wb.f32 [%0], %1;" : : "l"(p), "f"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(double *p, double v) {
    asm volatile("st.global.wb.f64 [%0], %1;" : : "l"(p), "d"(v) : "memory");
}
static __device__ __forceinline__ void __stwb(int2 *p, int2 v) {
    asm volatile("st.global.wb.v2.s32 [%0], {%1, %2};" : : "l"(p), "r"(v.x), "r"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwb(int4 *p, int4 v) {
    asm volatile("st.global.wb.v4.s32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
static __device__ __forceinline__ void __stwb(uint2 *p, uint2 v) {
    asm volatile("st.global.wb.v2.u32 [%0], {%1, %2};" : : "l"(p), "r"(v.x), "r"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwb(uint4 *p, uint4 v) {
    asm volatile("st.global.wb.v4.u32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
static __device__ __forceinline__ void __stwb(longlong2 *p, longlong2 v) {
    asm volatile("st.global.wb.v2.s64 [%0], {%1, %2};" : : "l"(p), "l"(v.x), "l"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwb(ulonglong2 *p, ulonglong2 v) {
    asm volatile("st.global.wb.v2.u64 [%0], {%1, %2};" : : "l"(p), "l"(v.x), "l"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwb(float2 *p, float2 v) {
    asm volatile("st.global.wb.v2.f32 [%0], {%1, %2};" : : "l"(p), "f"(v.x), "f"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwb(float4 *p, float4 v) {
    asm volatile("st.global.wb.v4.f32 [%0], {%1, %2, %3, %4};" : : "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}
static __device__ __forceinline__ void __stwb(double2 *p, double2 v) {
    asm volatile("st.global.wb.v2.f64 [%0], {%1, %2};" : : "l"(p), "d"(v.x), "d"(v.y) : "memory");
}

/* __stcg: st.global.cg */
static __device__ __forceinline__ void __stcg(char *p, char v) {
    asm volatile("st.global.cg.s8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stcg(signed char *p, signed char v) {
    asm volatile("st.global.cg.s8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stcg(unsigned char *p, unsigned char v) {
    asm volatile("st.global.cg.u8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stcg(short *p, short v) {
    asm volatile("st.global.cg.s16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(unsigned short *p, unsigned short v) {
    asm volatile("st.global.cg.u16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(int *p, int v) {
    asm volatile("st.global.cg.s32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(unsigned int *p, unsigned int v) {
    asm volatile("st.global.cg.u32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(long *p, long v) {
    asm volatile("st.global.cg.s64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(unsigned long *p, unsigned long v) {
    asm volatile("st.global.cg.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(long long *p, long long v) {
    asm volatile("st.global.cg.s64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(unsigned long long *p, unsigned long long v) {
    asm volatile("st.global.cg.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(float *p, float v) {
    asm volatile("st.global.cg.f32 [%0], %1;" : : "l"(p), "f"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(double *p, double v) {
    asm volatile("st.global.cg.f64 [%0], %1;" : : "l"(p), "d"(v) : "memory");
}
static __device__ __forceinline__ void __stcg(int2 *p, int2 v) {
    asm volatile("st.global.cg.v2.s32 [%0], {%1, %2};" : : "l"(p), "r"(v.x), "r"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcg(int4 *p, int4 v) {
    asm volatile("st.global.cg.v4.s32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
static __device__ __forceinline__ void __stcg(uint2 *p, uint2 v) {
    asm volatile("st.global.cg.v2.u32 [%0], {%1, %2};" : : "l"(p), "r"(v.x), "r"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcg(uint4 *p, uint4 v) {
    asm volatile("st.global.cg.v4.u32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
static __device__ __forceinline__ void __stcg(longlong2 *p, longlong2 v) {
    asm volatile("st.global.cg.v2.s64 [%0], {%1, %2};" : : "l"(p), "l"(v.x), "l"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcg(ulonglong2 *p, ulonglong2 v) {
    asm volatile("st.global.cg.v2.u64 [%0], {%1, %2};" : : "l"(p), "l"(v.x), "l"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcg(float2 *p, float2 v) {
    asm volatile("st.global.cg.v2.f32 [%0], {%1, %2};" : : "l"(p), "f"(v.x), "f"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcg(float4 *p, float4 v) {
    asm volatile("st.global.cg.v4.f32 [%0], {%1, %2, %3, %4};" : : "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}
static __device__ __forceinline__ void __stcg(double2 *p, double2 v) {
    asm volatile("st.global.cg.v2.f64 [%0], {%1, %2};" : : "l"(p), "d"(v.x), "d"(v.y) : "memory");
}

/* __stcs: st.global.cs */
static __device__ __forceinline__ void __stcs(char *p, char v) {
    asm volatile("st.global.cs.s8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stcs(signed char *p, signed char v) {
    asm volatile("st.global.cs.s8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stcs(unsigned char *p, unsigned char v) {
    asm volatile("st.global.cs.u8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stcs(short *p, short v) {
    asm volatile("st.global.cs.s16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(unsigned short *p, unsigned short v) {
    asm volatile("st.global.cs.u16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(int *p, int v) {
    asm volatile("st.global.cs.s32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(unsigned int *p, unsigned int v) {
    asm volatile("st.global.cs.u32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(long *p, long v) {
    asm volatile("st.global.cs.s64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(unsigned long *p, unsigned long v) {
    asm volatile("st.global.cs.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(long long *p, long long v) {
    asm volatile("st.global.cs.s64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(unsigned long long *p, unsigned long long v) {
    asm volatile("st.global.cs.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(float *p, float v) {
    asm volatile("st.global.cs.f32 [%0], %1;" : : "l"(p), "f"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(double *p, double v) {
    asm volatile("st.global.cs.f64 [%0], %1;" : : "l"(p), "d"(v) : "memory");
}
static __device__ __forceinline__ void __stcs(int2 *p, int2 v) {
    asm volatile("st.global.cs.v2.s32 [%0], {%1, %2};" : : "l"(p), "r"(v.x), "r"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcs(int4 *p, int4 v) {
    asm volatile("st.global.cs.v4.s32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
static __device__ __forceinline__ void __stcs(uint2 *p, uint2 v) {
    asm volatile("st.global.cs.v2.u32 [%0], {%1, %2};" : : "l"(p), "r"(v.x), "r"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcs(uint4 *p, uint4 v) {
    asm volatile("st.global.cs.v4.u32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
static __device__ __forceinline__ void __stcs(longlong2 *p, longlong2 v) {
    asm volatile("st.global.cs.v2.s64 [%0], {%1, %2};" : : "l"(p), "l"(v.x), "l"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcs(ulonglong2 *p, ulonglong2 v) {
    asm volatile("st.global.cs.v2.u64 [%0], {%1, %2};" : : "l"(p), "l"(v.x), "l"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcs(float2 *p, float2 v) {
    asm volatile("st.global.cs.v2.f32 [%0], {%1, %2};" : : "l"(p), "f"(v.x), "f"(v.y) : "memory");
}
static __device__ __forceinline__ void __stcs(float4 *p, float4 v) {
    asm volatile("st.global.cs.v4.f32 [%0], {%1, %2, %3, %4};" : : "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}
static __device__ __forceinline__ void __stcs(double2 *p, double2 v) {
    asm volatile("st.global.cs.v2.f64 [%0], {%1, %2};" : : "l"(p), "d"(v.x), "d"(v.y) : "memory");
}

/* __stwt: st.global.wt */
static __device__ __forceinline__ void __stwt(char *p, char v) {
    asm volatile("st.global.wt.s8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stwt(signed char *p, signed char v) {
    asm volatile("st.global.wt.s8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stwt(unsigned char *p, unsigned char v) {
    asm volatile("st.global.wt.u8 [%0], %1;" : : "l"(p), "h"((short)v) : "memory");
}
static __device__ __forceinline__ void __stwt(short *p, short v) {
    asm volatile("st.global.wt.s16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(unsigned short *p, unsigned short v) {
    asm volatile("st.global.wt.u16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(int *p, int v) {
    asm volatile("st.global.wt.s32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(unsigned int *p, unsigned int v) {
    asm volatile("st.global.wt.u32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(long *p, long v) {
    asm volatile("st.global.wt.s64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(unsigned long *p, unsigned long v) {
    asm volatile("st.global.wt.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(long long *p, long long v) {
    asm volatile("st.global.wt.s64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(unsigned long long *p, unsigned long long v) {
    asm volatile("st.global.wt.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(float *p, float v) {
    asm volatile("st.global.wt.f32 [%0], %1;" : : "l"(p), "f"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(double *p, double v) {
    asm volatile("st.global.wt.f64 [%0], %1;" : : "l"(p), "d"(v) : "memory");
}
static __device__ __forceinline__ void __stwt(int2 *p, int2 v) {
    asm volatile("st.global.wt.v2.s32 [%0], {%1, %2};" : : "l"(p), "r"(v.x), "r"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwt(int4 *p, int4 v) {
    asm volatile("st.global.wt.v4.s32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
static __device__ __forceinline__ void __stwt(uint2 *p, uint2 v) {
    asm volatile("st.global.wt.v2.u32 [%0], {%1, %2};" : : "l"(p), "r"(v.x), "r"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwt(uint4 *p, uint4 v) {
    asm volatile("st.global.wt.v4.u32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
}
static __device__ __forceinline__ void __stwt(longlong2 *p, longlong2 v) {
    asm volatile("st.global.wt.v2.s64 [%0], {%1, %2};" : : "l"(p), "l"(v.x), "l"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwt(ulonglong2 *p, ulonglong2 v) {
    asm volatile("st.global.wt.v2.u64 [%0], {%1, %2};" : : "l"(p), "l"(v.x), "l"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwt(float2 *p, float2 v) {
    asm volatile("st.global.wt.v2.f32 [%0], {%1, %2};" : : "l"(p), "f"(v.x), "f"(v.y) : "memory");
}
static __device__ __forceinline__ void __stwt(float4 *p, float4 v) {
    asm volatile("st.global.wt.v4.f32 [%0], {%1, %2, %3, %4};" : : "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}
static __device__ __forceinline__ void __stwt(double2 *p, double2 v) {
    asm volatile("st.global.wt.v2.f64 [%0], {%1, %2};" : : "l"(p), "d"(v.x), "d"(v.y) : "memory");
}
