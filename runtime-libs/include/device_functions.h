/* oxicc built-in header: CUDA device intrinsics with one signature each (fast math,
 * rounding-mode arithmetic, bit manipulation, conversions, fences, clock). Overloaded
 * intrinsics (atomics, shuffles, min/max, __ldg) and those with default arguments
 * (__syncwarp) are built into
 * the compiler instead. */
#pragma once

extern "C" __device__ float __expf(float x);
extern "C" __device__ float __exp10f(float x);
extern "C" __device__ float __logf(float x);
extern "C" __device__ float __log2f(float x);
extern "C" __device__ float __log10f(float x);
extern "C" __device__ float __sinf(float x);
extern "C" __device__ float __cosf(float x);
extern "C" __device__ float __tanf(float x);
extern "C" __device__ float __saturatef(float x);
extern "C" __device__ float __frcp_rn(float x);
extern "C" __device__ float __frcp_rz(float x);
extern "C" __device__ float __frcp_ru(float x);
extern "C" __device__ float __frcp_rd(float x);
extern "C" __device__ float __fsqrt_rn(float x);
extern "C" __device__ float __fsqrt_rz(float x);
extern "C" __device__ float __fsqrt_ru(float x);
extern "C" __device__ float __fsqrt_rd(float x);
extern "C" __device__ float __frsqrt_rn(float x);
extern "C" __device__ float __powf(float x, float y);
extern "C" __device__ float __fdividef(float x, float y);
extern "C" __device__ float __fadd_rn(float x, float y);
extern "C" __device__ float __fadd_rz(float x, float y);
extern "C" __device__ float __fadd_ru(float x, float y);
extern "C" __device__ float __fadd_rd(float x, float y);
extern "C" __device__ float __fsub_rn(float x, float y);
extern "C" __device__ float __fsub_rz(float x, float y);
extern "C" __device__ float __fsub_ru(float x, float y);
extern "C" __device__ float __fsub_rd(float x, float y);
extern "C" __device__ float __fmul_rn(float x, float y);
extern "C" __device__ float __fmul_rz(float x, float y);
extern "C" __device__ float __fmul_ru(float x, float y);
extern "C" __device__ float __fmul_rd(float x, float y);
extern "C" __device__ float __fdiv_rn(float x, float y);
extern "C" __device__ float __fdiv_rz(float x, float y);
extern "C" __device__ float __fdiv_ru(float x, float y);
extern "C" __device__ float __fdiv_rd(float x, float y);
extern "C" __device__ float __fmaf_rn(float x, float y, float z);
extern "C" __device__ float __fmaf_rz(float x, float y, float z);
extern "C" __device__ float __fmaf_ru(float x, float y, float z);
extern "C" __device__ float __fmaf_rd(float x, float y, float z);
extern "C" __device__ double __dadd_rn(double x, double y);
extern "C" __device__ double __dadd_rz(double x, double y);
extern "C" __device__ double __dadd_ru(double x, double y);
extern "C" __device__ double __dadd_rd(double x, double y);
extern "C" __device__ double __dsub_rn(double x, double y);
extern "C" __device__ double __dsub_rz(double x, double y);
extern "C" __device__ double __dsub_ru(double x, double y);
extern "C" __device__ double __dsub_rd(double x, double y);
extern "C" __device__ double __dmul_rn(double x, double y);
extern "C" __device__ double __dmul_rz(double x, double y);
extern "C" __device__ double __dmul_ru(double x, double y);
extern "C" __device__ double __dmul_rd(double x, double y);
extern "C" __device__ double __ddiv_rn(double x, double y);
extern "C" __device__ double __ddiv_rz(double x, double y);
extern "C" __device__ double __ddiv_ru(double x, double y);
extern "C" __device__ double __ddiv_rd(double x, double y);
extern "C" __device__ double __fma_rn(double x, double y, double z);
extern "C" __device__ double __dsqrt_rn(double x);
extern "C" __device__ double __drcp_rn(double x);
extern "C" __device__ double __fma_rz(double x, double y, double z);
extern "C" __device__ double __dsqrt_rz(double x);
extern "C" __device__ double __drcp_rz(double x);
extern "C" __device__ double __fma_ru(double x, double y, double z);
extern "C" __device__ double __dsqrt_ru(double x);
extern "C" __device__ double __drcp_ru(double x);
extern "C" __device__ double __fma_rd(double x, double y, double z);
extern "C" __device__ double __dsqrt_rd(double x);
extern "C" __device__ double __drcp_rd(double x);
extern "C" __device__ int __float_as_int(float x);
extern "C" __device__ float __int_as_float(int x);
extern "C" __device__ unsigned int __float_as_uint(float x);
extern "C" __device__ float __uint_as_float(unsigned int x);
extern "C" __device__ long long __double_as_longlong(double x);
extern "C" __device__ double __longlong_as_double(long long x);
/* The halves of a double's bits, and a double from them (`mov.b64` with a vector). */
extern "C" __device__ __forceinline__ int __double2hiint(double x) {
    int lo, hi;
    asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "d"(x));
    return hi;
}
extern "C" __device__ __forceinline__ int __double2loint(double x) {
    int lo, hi;
    asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "d"(x));
    return lo;
}
extern "C" __device__ __forceinline__ double __hiloint2double(int hi, int lo) {
    double d;
    asm("mov.b64 %0, {%1, %2};" : "=d"(d) : "r"(lo), "r"(hi));
    return d;
}
extern "C" __device__ int __float2int_rn(float x);
extern "C" __device__ unsigned int __float2uint_rn(float x);
extern "C" __device__ long long __float2ll_rn(float x);
extern "C" __device__ unsigned long long __float2ull_rn(float x);
extern "C" __device__ float __int2float_rn(int x);
extern "C" __device__ float __uint2float_rn(unsigned int x);
extern "C" __device__ int __double2int_rn(double x);
extern "C" __device__ unsigned int __double2uint_rn(double x);
extern "C" __device__ long long __double2ll_rn(double x);
extern "C" __device__ unsigned long long __double2ull_rn(double x);
extern "C" __device__ float __double2float_rn(double x);
extern "C" __device__ double __ll2double_rn(long long x);
extern "C" __device__ double __ull2double_rn(unsigned long long x);
extern "C" __device__ float __ll2float_rn(long long x);
extern "C" __device__ int __float2int_rz(float x);
extern "C" __device__ unsigned int __float2uint_rz(float x);
extern "C" __device__ long long __float2ll_rz(float x);
extern "C" __device__ unsigned long long __float2ull_rz(float x);
extern "C" __device__ float __int2float_rz(int x);
extern "C" __device__ float __uint2float_rz(unsigned int x);
extern "C" __device__ int __double2int_rz(double x);
extern "C" __device__ unsigned int __double2uint_rz(double x);
extern "C" __device__ long long __double2ll_rz(double x);
extern "C" __device__ unsigned long long __double2ull_rz(double x);
extern "C" __device__ float __double2float_rz(double x);
extern "C" __device__ double __ll2double_rz(long long x);
extern "C" __device__ double __ull2double_rz(unsigned long long x);
extern "C" __device__ float __ll2float_rz(long long x);
extern "C" __device__ int __float2int_ru(float x);
extern "C" __device__ unsigned int __float2uint_ru(float x);
extern "C" __device__ long long __float2ll_ru(float x);
extern "C" __device__ unsigned long long __float2ull_ru(float x);
extern "C" __device__ float __int2float_ru(int x);
extern "C" __device__ float __uint2float_ru(unsigned int x);
extern "C" __device__ int __double2int_ru(double x);
extern "C" __device__ unsigned int __double2uint_ru(double x);
extern "C" __device__ long long __double2ll_ru(double x);
extern "C" __device__ unsigned long long __double2ull_ru(double x);
extern "C" __device__ float __double2float_ru(double x);
extern "C" __device__ double __ll2double_ru(long long x);
extern "C" __device__ double __ull2double_ru(unsigned long long x);
extern "C" __device__ float __ll2float_ru(long long x);
extern "C" __device__ int __float2int_rd(float x);
extern "C" __device__ unsigned int __float2uint_rd(float x);
extern "C" __device__ long long __float2ll_rd(float x);
extern "C" __device__ unsigned long long __float2ull_rd(float x);
extern "C" __device__ float __int2float_rd(int x);
extern "C" __device__ float __uint2float_rd(unsigned int x);
extern "C" __device__ int __double2int_rd(double x);
extern "C" __device__ unsigned int __double2uint_rd(double x);
extern "C" __device__ long long __double2ll_rd(double x);
extern "C" __device__ unsigned long long __double2ull_rd(double x);
extern "C" __device__ float __double2float_rd(double x);
extern "C" __device__ double __ll2double_rd(long long x);
extern "C" __device__ double __ull2double_rd(unsigned long long x);
extern "C" __device__ float __ll2float_rd(long long x);
extern "C" __device__ int __clz(int x);
extern "C" __device__ int __clzll(long long x);
extern "C" __device__ int __popc(unsigned int x);
extern "C" __device__ int __popcll(unsigned long long x);
extern "C" __device__ int __ffs(int x);
extern "C" __device__ int __ffsll(long long x);
extern "C" __device__ unsigned int __brev(unsigned int x);
extern "C" __device__ unsigned long long __brevll(unsigned long long x);
extern "C" __device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
extern "C" __device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
extern "C" __device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
extern "C" __device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
extern "C" __device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);
extern "C" __device__ int __mul24(int x, int y);
extern "C" __device__ unsigned int __umul24(unsigned int x, unsigned int y);
extern "C" __device__ int __mulhi(int x, int y);
extern "C" __device__ unsigned int __umulhi(unsigned int x, unsigned int y);
extern "C" __device__ long long __mul64hi(long long x, long long y);
extern "C" __device__ unsigned long long __umul64hi(unsigned long long x, unsigned long long y);
#include <__oxicc/simd.h>
#include <__oxicc/sync_space.h>
#include <__oxicc/cache_loads.h>
#include <__oxicc/cache_stores.h>
#include <__oxicc/atomics_ext.h>
extern "C" __device__ void __threadfence(void);
extern "C" __device__ void __threadfence_block(void);
extern "C" __device__ void __threadfence_system(void);
extern "C" __device__ unsigned int __activemask(void);
extern "C" __device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
extern "C" __device__ int __all_sync(unsigned int mask, int predicate);
extern "C" __device__ int __any_sync(unsigned int mask, int predicate);
extern "C" __device__ unsigned int __lanemask_lt(void);
extern "C" __device__ long long clock64(void);
extern "C" __device__ void __trap(void);
extern "C" __device__ void __brkpt(void);
