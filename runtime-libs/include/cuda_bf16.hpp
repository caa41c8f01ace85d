/* oxicc built-in header: bfloat16 (`__nv_bfloat16`, `__nv_bfloat162`, `nv_bfloat16`) and
 * its intrinsics, written for oxicc from the CUDA Math API's description of `cuda_bf16.h`.
 *
 * Layout as nvcc's: two bytes aligned to 2, pairs aligned to 4. The PTX bf16 instructions
 * are used where the target has them, as nvcc does: `cvt.rn.bf16.f32` and `fma.rn.bf16`
 * from sm_80 (addition is `fma a, 1.0, b`, multiplication `fma a, b, -0.0` there), `add`,
 * `sub`, `mul`, `setp` and `cvt.f32.bf16` from sm_90. Elsewhere the value is widened to f32
 * (exact: a bf16 is the top half of an f32), computed there and rounded once to bf16, which
 * is correctly rounded for + - * / (f32's 24 bits are at least 2 * 8 + 2). Pairs are
 * computed lane by lane. */
#pragma once
#include <vector_types.h>

#define __CUDA_BF16_TYPES_EXIST__

struct __nv_bfloat16_raw { unsigned short x; };
struct __align__(4) __nv_bfloat162_raw { unsigned short x, y; };

struct __nv_bfloat16;
static __host__ __device__ __forceinline__ __nv_bfloat16 __float2bfloat16(const float a);
static __host__ __device__ __forceinline__ float __bfloat162float(const __nv_bfloat16 a);
static __host__ __device__ __forceinline__ __nv_bfloat16 __double2bfloat16(const double a);
static __host__ __device__ __forceinline__ __nv_bfloat16 __int2bfloat16_rn(const int i);

struct __align__(2) __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
    /* The intrinsics these call are declared above and defined below. */
    __host__ __device__ __nv_bfloat16(float f) { __x = __float2bfloat16(f).__x; }
    __host__ __device__ __nv_bfloat16(double f) { __x = __double2bfloat16(f).__x; }
    __host__ __device__ __nv_bfloat16(int i) { __x = __int2bfloat16_rn(i).__x; }
    __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &r) { __x = r.x; return *this; }
    __host__ __device__ operator __nv_bfloat16_raw() const {
        __nv_bfloat16_raw r;
        r.x = __x;
        return r;
    }
    __host__ __device__ operator float() const { return __bfloat162float(*this); }
};

struct __align__(4) __nv_bfloat162 {
    __nv_bfloat16 x;
    __nv_bfloat16 y;
    __nv_bfloat162() = default;
    __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
    __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r) {
        x.__x = r.x;
        y.__x = r.y;
    }
    __host__ __device__ operator __nv_bfloat162_raw() const {
        __nv_bfloat162_raw r;
        r.x = x.__x;
        r.y = y.__x;
        return r;
    }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

static __host__ __device__ __forceinline__ __nv_bfloat16 __oxicc_bf16(unsigned short b) {
    __nv_bfloat16 h;
    h.__x = b;
    return h;
}
static __host__ __device__ __forceinline__ unsigned short __bfloat16_as_ushort(const __nv_bfloat16 h) { return h.__x; }
static __host__ __device__ __forceinline__ short __bfloat16_as_short(const __nv_bfloat16 h) { return (short)h.__x; }
static __host__ __device__ __forceinline__ __nv_bfloat16 __ushort_as_bfloat16(const unsigned short i) { return __oxicc_bf16(i); }
static __host__ __device__ __forceinline__ __nv_bfloat16 __short_as_bfloat16(const short i) { return __oxicc_bf16((unsigned short)i); }

/* ---- conversions ---- */

static __host__ __device__ __forceinline__ float __bfloat162float(const __nv_bfloat16 a) {
    float f;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm("cvt.f32.bf16 %0, %1;" : "=f"(f) : "h"(a.__x));
#else
    asm("mov.b32 %0, {0, %1};" : "=f"(f) : "h"(a.__x));
#endif
    return f;
}
/* Rounds an f32 to bf16 in software: `dir` 0 nearest even, 1 toward zero, 2 up, 3 down. */
static __host__ __device__ __forceinline__ __nv_bfloat16 __oxicc_f2bf(const float a, int dir) {
    unsigned int u = __float_as_uint(a);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return __oxicc_bf16(0x7fffu);
    unsigned int low = u & 0xffffu;
    bool neg = (u >> 31) != 0;
    if (dir == 0)
        u += 0x7fffu + ((u >> 16) & 1u);
    else if (low != 0 && ((dir == 2 && !neg) || (dir == 3 && neg)))
        u += 0x10000u;
    return __oxicc_bf16((unsigned short)(u >> 16));
}
static __host__ __device__ __forceinline__ __nv_bfloat16 __float2bfloat16_rn(const float a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    __nv_bfloat16 r;
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r.__x) : "f"(a));
    return r;
#else
    return __oxicc_f2bf(a, 0);
#endif
}
static __host__ __device__ __forceinline__ __nv_bfloat16 __float2bfloat16_rz(const float a) { return __oxicc_f2bf(a, 1); }
static __host__ __device__ __forceinline__ __nv_bfloat16 __float2bfloat16_ru(const float a) { return __oxicc_f2bf(a, 2); }
static __host__ __device__ __forceinline__ __nv_bfloat16 __float2bfloat16_rd(const float a) { return __oxicc_f2bf(a, 3); }
static __host__ __device__ __forceinline__ __nv_bfloat16 __float2bfloat16(const float a) { return __float2bfloat16_rn(a); }
static __host__ __device__ __forceinline__ __nv_bfloat16 __double2bfloat16(const double a) {
    /* Through f32 would round twice; round the double's top bits instead. */
    float f = (float)a;
    double back = (double)f;
    unsigned int u = __float_as_uint(f);
    /* Make the f32 sticky when it was inexact so a tie in f32 is not a tie in double. */
    if (back != a && (u & 0xffffu) == 0x8000u)
        u += (back < a) == ((u >> 31) == 0) ? 1u : 0xffffffffu;
    return __float2bfloat16_rn(__uint_as_float(u));
}
static __host__ __device__ __forceinline__ __nv_bfloat16 __int2bfloat16_rn(const int i) { return __double2bfloat16((double)i); }
static __host__ __device__ __forceinline__ int __bfloat162int_rz(const __nv_bfloat16 h) { return (int)__bfloat162float(h); }
static __host__ __device__ __forceinline__ int __bfloat162int_rn(const __nv_bfloat16 h) { return __float2int_rn(__bfloat162float(h)); }


/* ---- pairs ---- */

static __host__ __device__ __forceinline__ __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a, const __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
static __host__ __device__ __forceinline__ __nv_bfloat162 make_bfloat162(const __nv_bfloat16 a, const __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
static __host__ __device__ __forceinline__ __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a) { return __nv_bfloat162(a, a); }
static __host__ __device__ __forceinline__ __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a) { return a.x; }
static __host__ __device__ __forceinline__ __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a) { return a.y; }
static __host__ __device__ __forceinline__ __nv_bfloat162 __lowhigh2highlow(const __nv_bfloat162 a) { return __nv_bfloat162(a.y, a.x); }
static __host__ __device__ __forceinline__ float __low2float(const __nv_bfloat162 a) { return __bfloat162float(a.x); }
static __host__ __device__ __forceinline__ float __high2float(const __nv_bfloat162 a) { return __bfloat162float(a.y); }
static __host__ __device__ __forceinline__ __nv_bfloat162 __float2bfloat162_rn(const float a) {
    __nv_bfloat16 h = __float2bfloat16_rn(a);
    return __nv_bfloat162(h, h);
}
static __host__ __device__ __forceinline__ __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b) {
    return __nv_bfloat162(__float2bfloat16_rn(a), __float2bfloat16_rn(b));
}
static __host__ __device__ __forceinline__ __nv_bfloat162 __float22bfloat162_rn(const float2 a) {
    return __floats2bfloat162_rn(a.x, a.y);
}
static __host__ __device__ __forceinline__ float2 __bfloat1622float2(const __nv_bfloat162 a) {
    return make_float2(__bfloat162float(a.x), __bfloat162float(a.y));
}

/* ---- arithmetic ---- */

static __device__ __forceinline__ __nv_bfloat16 __hfma(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c) {
#if __CUDA_ARCH__ >= 800
    __nv_bfloat16 r;
    asm("fma.rn.bf16 %0, %1, %2, %3;" : "=h"(r.__x) : "h"(a.__x), "h"(b.__x), "h"(c.__x));
    return r;
#else
    return __float2bfloat16_rn(__fmaf_rn(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)));
#endif
}
static __device__ __forceinline__ __nv_bfloat16 __hadd(const __nv_bfloat16 a, const __nv_bfloat16 b) {
#if __CUDA_ARCH__ >= 900
    __nv_bfloat16 r;
    asm("add.bf16 %0, %1, %2;" : "=h"(r.__x) : "h"(a.__x), "h"(b.__x));
    return r;
#elif __CUDA_ARCH__ >= 800
    return __hfma(a, __oxicc_bf16(0x3f80u), b);
#else
    return __float2bfloat16_rn(__fadd_rn(__bfloat162float(a), __bfloat162float(b)));
#endif
}
static __device__ __forceinline__ __nv_bfloat16 __hsub(const __nv_bfloat16 a, const __nv_bfloat16 b) {
#if __CUDA_ARCH__ >= 900
    __nv_bfloat16 r;
    asm("sub.bf16 %0, %1, %2;" : "=h"(r.__x) : "h"(a.__x), "h"(b.__x));
    return r;
#elif __CUDA_ARCH__ >= 800
    return __hfma(b, __oxicc_bf16(0xbf80u), a);
#else
    return __float2bfloat16_rn(__fsub_rn(__bfloat162float(a), __bfloat162float(b)));
#endif
}
static __device__ __forceinline__ __nv_bfloat16 __hmul(const __nv_bfloat16 a, const __nv_bfloat16 b) {
#if __CUDA_ARCH__ >= 900
    __nv_bfloat16 r;
    asm("mul.bf16 %0, %1, %2;" : "=h"(r.__x) : "h"(a.__x), "h"(b.__x));
    return r;
#elif __CUDA_ARCH__ >= 800
    return __hfma(a, b, __oxicc_bf16(0x8000u));
#else
    return __float2bfloat16_rn(__fmul_rn(__bfloat162float(a), __bfloat162float(b)));
#endif
}
static __device__ __forceinline__ __nv_bfloat16 __hdiv(const __nv_bfloat16 a, const __nv_bfloat16 b) {
    return __float2bfloat16_rn(__fdiv_rn(__bfloat162float(a), __bfloat162float(b)));
}
static __device__ __forceinline__ __nv_bfloat16 __hneg(const __nv_bfloat16 a) { return __oxicc_bf16(a.__x ^ 0x8000u); }
static __device__ __forceinline__ __nv_bfloat16 __habs(const __nv_bfloat16 a) { return __oxicc_bf16(a.__x & 0x7fffu); }
static __device__ __forceinline__ __nv_bfloat16 __hmax(const __nv_bfloat16 a, const __nv_bfloat16 b) {
    return __float2bfloat16_rn(fmaxf(__bfloat162float(a), __bfloat162float(b)));
}
static __device__ __forceinline__ __nv_bfloat16 __hmin(const __nv_bfloat16 a, const __nv_bfloat16 b) {
    return __float2bfloat16_rn(fminf(__bfloat162float(a), __bfloat162float(b)));
}

#define __OXICC_BF2(name, scalar)                                                          \
    static __device__ __forceinline__ __nv_bfloat162 name(const __nv_bfloat162 a, const __nv_bfloat162 b) { \
        return __nv_bfloat162(scalar(a.x, b.x), scalar(a.y, b.y));                         \
    }
__OXICC_BF2(__hadd2, __hadd)
__OXICC_BF2(__hsub2, __hsub)
__OXICC_BF2(__hmul2, __hmul)
__OXICC_BF2(__h2div, __hdiv)
__OXICC_BF2(__hmax2, __hmax)
__OXICC_BF2(__hmin2, __hmin)
#undef __OXICC_BF2
static __device__ __forceinline__ __nv_bfloat162 __hfma2(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c) {
    return __nv_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
static __device__ __forceinline__ __nv_bfloat162 __hneg2(const __nv_bfloat162 a) { return __nv_bfloat162(__hneg(a.x), __hneg(a.y)); }
static __device__ __forceinline__ __nv_bfloat162 __habs2(const __nv_bfloat162 a) { return __nv_bfloat162(__habs(a.x), __habs(a.y)); }

/* ---- comparisons (on the exact f32 values) ---- */

#define __OXICC_BF_CMP(name, bname, expr)                                                  \
    static __device__ __forceinline__ bool name(const __nv_bfloat16 a, const __nv_bfloat16 b) { \
        float x = __bfloat162float(a), y = __bfloat162float(b);                            \
        return expr;                                                                       \
    }                                                                                      \
    static __device__ __forceinline__ bool bname(const __nv_bfloat162 a, const __nv_bfloat162 b) { \
        return name(a.x, b.x) && name(a.y, b.y);                                           \
    }
__OXICC_BF_CMP(__heq, __hbeq2, x == y)
__OXICC_BF_CMP(__hne, __hbne2, x < y || x > y)
__OXICC_BF_CMP(__hlt, __hblt2, x < y)
__OXICC_BF_CMP(__hle, __hble2, x <= y)
__OXICC_BF_CMP(__hgt, __hbgt2, x > y)
__OXICC_BF_CMP(__hge, __hbge2, x >= y)
__OXICC_BF_CMP(__hequ, __hbequ2, !(x < y || x > y))
__OXICC_BF_CMP(__hneu, __hbneu2, x != y)
__OXICC_BF_CMP(__hltu, __hbltu2, !(x >= y))
__OXICC_BF_CMP(__hleu, __hbleu2, !(x > y))
__OXICC_BF_CMP(__hgtu, __hbgtu2, !(x <= y))
__OXICC_BF_CMP(__hgeu, __hbgeu2, !(x < y))
#undef __OXICC_BF_CMP
static __host__ __device__ __forceinline__ bool __hisnan(const __nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
static __host__ __device__ __forceinline__ int __hisinf(const __nv_bfloat16 a) {
    return a.__x == 0x7f80u ? 1 : (a.__x == 0xff80u ? -1 : 0);
}

/* ---- operators ---- */

/* The math functions (hsin … hrint, h2sin … h2rint) are cuda_fp16.hpp's templates: they
 * take __nv_bfloat16 and __nv_bfloat162 too. */

static __device__ __forceinline__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hadd(a, b); }
static __device__ __forceinline__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hsub(a, b); }
static __device__ __forceinline__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hmul(a, b); }
static __device__ __forceinline__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hdiv(a, b); }
static __device__ __forceinline__ __nv_bfloat16 &operator+=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hadd(a, b); return a; }
static __device__ __forceinline__ __nv_bfloat16 &operator-=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hsub(a, b); return a; }
static __device__ __forceinline__ __nv_bfloat16 &operator*=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hmul(a, b); return a; }
static __device__ __forceinline__ __nv_bfloat16 &operator/=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hdiv(a, b); return a; }
static __device__ __forceinline__ __nv_bfloat16 operator+(const __nv_bfloat16 &a) { return a; }
static __device__ __forceinline__ __nv_bfloat16 operator-(const __nv_bfloat16 &a) { return __hneg(a); }
static __device__ __forceinline__ bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __heq(a, b); }
static __device__ __forceinline__ bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hneu(a, b); }
static __device__ __forceinline__ bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hlt(a, b); }
static __device__ __forceinline__ bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hle(a, b); }
static __device__ __forceinline__ bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hgt(a, b); }
static __device__ __forceinline__ bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hge(a, b); }
static __device__ __forceinline__ __nv_bfloat162 operator+(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hadd2(a, b); }
static __device__ __forceinline__ __nv_bfloat162 operator-(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hsub2(a, b); }
static __device__ __forceinline__ __nv_bfloat162 operator*(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hmul2(a, b); }
static __device__ __forceinline__ __nv_bfloat162 operator/(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __h2div(a, b); }
static __device__ __forceinline__ __nv_bfloat162 operator-(const __nv_bfloat162 &a) { return __hneg2(a); }
static __device__ __forceinline__ bool operator==(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hbeq2(a, b); }
static __device__ __forceinline__ bool operator!=(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hbneu2(a, b); }

/* ---- warp shuffles: the 32-bit shuffles of cuda_fp16.hpp (a bf16 in the low half) ---- */

static __device__ __forceinline__ unsigned int __oxicc_bf2_u32(const __nv_bfloat162 h) {
    unsigned int r;
    asm("mov.b32 %0, {%1, %2};" : "=r"(r) : "h"(h.x.__x), "h"(h.y.__x));
    return r;
}
static __device__ __forceinline__ __nv_bfloat162 __oxicc_u32_bf2(const unsigned int u) {
    __nv_bfloat162 r;
    asm("mov.b32 {%0, %1}, %2;" : "=h"(r.x.__x), "=h"(r.y.__x) : "r"(u));
    return r;
}

#include <__oxicc/shfl32.h>

#define __OXICC_SHFL_BF16(name, helper, lanety)                                            \
    static __device__ __forceinline__ __nv_bfloat162 name(const unsigned int mask,          \
                                                          const __nv_bfloat162 var,         \
                                                          const lanety lane,                \
                                                          const int width = 32) {     \
        return __oxicc_u32_bf2(helper(mask, __oxicc_bf2_u32(var), lane, width));          \
    }                                                                                      \
    static __device__ __forceinline__ __nv_bfloat16 name(const unsigned int mask,           \
                                                         const __nv_bfloat16 var,           \
                                                         const lanety lane,                 \
                                                         const int width = 32) {      \
        return __oxicc_bf16(__oxicc_low16(helper(mask, __oxicc_h_dup(var.__x), lane, width))); \
    }
__OXICC_SHFL_BF16(__shfl_sync, __oxicc_shfl_idx_b32, int)
__OXICC_SHFL_BF16(__shfl_up_sync, __oxicc_shfl_up_b32, unsigned int)
__OXICC_SHFL_BF16(__shfl_down_sync, __oxicc_shfl_down_b32, unsigned int)
__OXICC_SHFL_BF16(__shfl_xor_sync, __oxicc_shfl_bfly_b32, int)
#undef __OXICC_SHFL_BF16

/* ---- atomics ----
 * sm_90 has `atom.add.noftz.bf16` and `.bf16x2`; before it nvcc's header loops on a
 * compare-and-swap of the 16- or 32-bit word (`atom.cas.b16` needs sm_70), adding with
 * the target's bf16 addition. */
#if __CUDA_ARCH__ >= 900
static __device__ __forceinline__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *const address,
                                                           const __nv_bfloat162 val) {
    unsigned int r;
    asm volatile("{ atom.add.noftz.bf16x2 %0,[%1],%2; }"
                 : "=r"(r)
                 : "l"(address), "r"(__oxicc_bf2_u32(val))
                 : "memory");
    return __oxicc_u32_bf2(r);
}
static __device__ __forceinline__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *const address,
                                                          const __nv_bfloat16 val) {
    __nv_bfloat16 r;
    asm volatile("{ atom.add.noftz.bf16 %0,[%1],%2; }"
                 : "=h"(r.__x)
                 : "l"(address), "h"(val.__x)
                 : "memory");
    return r;
}
#elif __CUDA_ARCH__ >= 700
static __device__ __forceinline__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *const address,
                                                           const __nv_bfloat162 val) {
    unsigned int old = __oxicc_bf2_u32(*address), assumed;
    do {
        assumed = old;
        unsigned int sum = __oxicc_bf2_u32(__hadd2(__oxicc_u32_bf2(assumed), val));
        asm volatile("atom.cas.b32 %0,[%1],%2,%3;"
                     : "=r"(old)
                     : "l"(address), "r"(assumed), "r"(sum)
                     : "memory");
    } while (assumed != old);
    return __oxicc_u32_bf2(old);
}
static __device__ __forceinline__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *const address,
                                                          const __nv_bfloat16 val) {
    unsigned short old = address->__x, assumed;
    do {
        assumed = old;
        unsigned short sum = __hadd(__oxicc_bf16(assumed), val).__x;
        asm volatile("atom.cas.b16 %0,[%1],%2,%3;"
                     : "=h"(old)
                     : "l"(address), "h"(assumed), "h"(sum)
                     : "memory");
    } while (assumed != old);
    return __oxicc_bf16(old);
}
#endif
