/* oxicc built-in header: half precision (`__half`, `__half2`, `half`, `half2`) and its
 * intrinsics, written for oxicc from the CUDA Math API's description of `cuda_fp16.h`.
 *
 * Layout as nvcc's: `__half` is two bytes aligned to 2, `__half2` two halves aligned to 4.
 * Every operation is one or a few PTX f16 instructions written as inline PTX (as nvcc's
 * header does), so the PTX shows the same `add.f16`, `fma.rn.f16x2`, `cvt.rn.f16.f32` that
 * nvcc's shows. `__half2` values travel to a 32-bit register with `mov.b32 %r, {lo, hi}`.
 * Division goes through f32 (`div.rn.f32`), which rounds correctly for f16 operands. */
#pragma once
#include <vector_types.h>
#include <math.h> /* the float functions the math functions below call */

#define __CUDA_FP16_TYPES_EXIST__

struct __half_raw { unsigned short x; };
struct __align__(4) __half2_raw { unsigned short x, y; };

struct __align__(2) __half {
    unsigned short __x;
    __half() = default;
    __host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
    /* The conversions are written out here (the intrinsics come later in the file). */
    __host__ __device__ __half(float f) { asm("cvt.rn.f16.f32 %0, %1;" : "=h"(__x) : "f"(f)); }
    __host__ __device__ __half(double f) { asm("cvt.rn.f16.f64 %0, %1;" : "=h"(__x) : "d"(f)); }
    __host__ __device__ __half(int i) { asm("cvt.rn.f16.s32 %0, %1;" : "=h"(__x) : "r"(i)); }
    __host__ __device__ __half(unsigned int i) { asm("cvt.rn.f16.u32 %0, %1;" : "=h"(__x) : "r"(i)); }
    __host__ __device__ __half(short i) { asm("cvt.rn.f16.s16 %0, %1;" : "=h"(__x) : "h"(i)); }
    __host__ __device__ __half(unsigned short i) { asm("cvt.rn.f16.u16 %0, %1;" : "=h"(__x) : "h"(i)); }
    __host__ __device__ __half(long long i) { asm("cvt.rn.f16.s64 %0, %1;" : "=h"(__x) : "l"(i)); }
    __host__ __device__ __half(unsigned long long i) { asm("cvt.rn.f16.u64 %0, %1;" : "=h"(__x) : "l"(i)); }
    __host__ __device__ __half &operator=(const __half_raw &r) { __x = r.x; return *this; }
    __host__ __device__ operator __half_raw() const {
        __half_raw r;
        r.x = __x;
        return r;
    }
    __host__ __device__ operator float() const {
        float f;
        asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(__x));
        return f;
    }
};

struct __align__(4) __half2 {
    __half x;
    __half y;
    __half2() = default;
    __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
    __host__ __device__ __half2(const __half2_raw &r) {
        x.__x = r.x;
        y.__x = r.y;
    }
    __host__ __device__ __half2 &operator=(const __half2_raw &r) {
        x.__x = r.x;
        y.__x = r.y;
        return *this;
    }
    __host__ __device__ operator __half2_raw() const {
        __half2_raw r;
        r.x = x.__x;
        r.y = y.__x;
        return r;
    }
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

/* ---- bits ---- */

static __host__ __device__ __forceinline__ __half __oxicc_half(unsigned short b) {
    __half h;
    h.__x = b;
    return h;
}
/* A `__half2` as the 32-bit register PTX's f16x2 instructions take, and back. */
static __device__ __forceinline__ unsigned int __oxicc_h2_u32(const __half2 h) {
    unsigned int r;
    asm("mov.b32 %0, {%1, %2};" : "=r"(r) : "h"(h.x.__x), "h"(h.y.__x));
    return r;
}
static __device__ __forceinline__ __half2 __oxicc_u32_h2(unsigned int u) {
    __half2 r;
    asm("mov.b32 {%0, %1}, %2;" : "=h"(r.x.__x), "=h"(r.y.__x) : "r"(u));
    return r;
}

static __host__ __device__ __forceinline__ unsigned short __half_as_ushort(const __half h) { return h.__x; }
static __host__ __device__ __forceinline__ short __half_as_short(const __half h) { return (short)h.__x; }
static __host__ __device__ __forceinline__ __half __ushort_as_half(const unsigned short i) { return __oxicc_half(i); }
static __host__ __device__ __forceinline__ __half __short_as_half(const short i) { return __oxicc_half((unsigned short)i); }

/* ---- float conversions ---- */

#define __OXICC_CVT_H_F(name, rnd)                                                         \
    static __host__ __device__ __forceinline__ __half name(const float a) {                \
        __half r;                                                                          \
        asm("cvt." rnd ".f16.f32 %0, %1;" : "=h"(r.__x) : "f"(a));                        \
        return r;                                                                          \
    }
__OXICC_CVT_H_F(__float2half_rn, "rn")
__OXICC_CVT_H_F(__float2half_rz, "rz")
__OXICC_CVT_H_F(__float2half_ru, "rp")
__OXICC_CVT_H_F(__float2half_rd, "rm")
#undef __OXICC_CVT_H_F
static __host__ __device__ __forceinline__ __half __float2half(const float a) { return __float2half_rn(a); }
static __host__ __device__ __forceinline__ float __half2float(const __half a) {
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(a.__x));
    return f;
}
static __host__ __device__ __forceinline__ __half __double2half(const double a) {
    __half r;
    asm("cvt.rn.f16.f64 %0, %1;" : "=h"(r.__x) : "d"(a));
    return r;
}


/* ---- integer conversions (`cvt.rni.s32.f16`, `cvt.rn.f16.s32`, …) ---- */

#define __OXICC_CVT_I_H(name, T, rnd, ity, cons)                                           \
    static __host__ __device__ __forceinline__ T name(const __half h) {                    \
        T r;                                                                               \
        asm("cvt." rnd "." ity ".f16 %0, %1;" : "=" cons(r) : "h"(h.__x));                \
        return r;                                                                          \
    }
#define __OXICC_CVT_H_I(name, T, rnd, ity, cons)                                           \
    static __host__ __device__ __forceinline__ __half name(const T i) {                    \
        __half r;                                                                          \
        asm("cvt." rnd ".f16." ity " %0, %1;" : "=h"(r.__x) : cons(i));                   \
        return r;                                                                          \
    }
#define __OXICC_CVT_INT(T, short_name, ity, cons)                                          \
    __OXICC_CVT_I_H(__half2##short_name##_rn, T, "rni", ity, cons)                         \
    __OXICC_CVT_I_H(__half2##short_name##_rz, T, "rzi", ity, cons)                         \
    __OXICC_CVT_I_H(__half2##short_name##_ru, T, "rpi", ity, cons)                         \
    __OXICC_CVT_I_H(__half2##short_name##_rd, T, "rmi", ity, cons)                         \
    __OXICC_CVT_H_I(__##short_name##2half_rn, T, "rn", ity, cons)                          \
    __OXICC_CVT_H_I(__##short_name##2half_rz, T, "rz", ity, cons)                          \
    __OXICC_CVT_H_I(__##short_name##2half_ru, T, "rp", ity, cons)                          \
    __OXICC_CVT_H_I(__##short_name##2half_rd, T, "rm", ity, cons)
__OXICC_CVT_INT(int, int, "s32", "r")
__OXICC_CVT_INT(unsigned int, uint, "u32", "r")
__OXICC_CVT_INT(short, short, "s16", "h")
__OXICC_CVT_INT(unsigned short, ushort, "u16", "h")
__OXICC_CVT_INT(long long, ll, "s64", "l")
__OXICC_CVT_INT(unsigned long long, ull, "u64", "l")
#undef __OXICC_CVT_INT
#undef __OXICC_CVT_H_I
#undef __OXICC_CVT_I_H


/* ---- pairs ---- */

static __host__ __device__ __forceinline__ __half2 __halves2half2(const __half a, const __half b) { return __half2(a, b); }
static __host__ __device__ __forceinline__ __half2 make_half2(const __half a, const __half b) { return __half2(a, b); }
static __host__ __device__ __forceinline__ __half2 __half2half2(const __half a) { return __half2(a, a); }
static __host__ __device__ __forceinline__ __half __low2half(const __half2 a) { return a.x; }
static __host__ __device__ __forceinline__ __half __high2half(const __half2 a) { return a.y; }
static __host__ __device__ __forceinline__ __half2 __low2half2(const __half2 a) { return __half2(a.x, a.x); }
static __host__ __device__ __forceinline__ __half2 __high2half2(const __half2 a) { return __half2(a.y, a.y); }
static __host__ __device__ __forceinline__ __half2 __lows2half2(const __half2 a, const __half2 b) { return __half2(a.x, b.x); }
static __host__ __device__ __forceinline__ __half2 __highs2half2(const __half2 a, const __half2 b) { return __half2(a.y, b.y); }
static __host__ __device__ __forceinline__ __half2 __lowhigh2highlow(const __half2 a) { return __half2(a.y, a.x); }
static __host__ __device__ __forceinline__ float __low2float(const __half2 a) { return __half2float(a.x); }
static __host__ __device__ __forceinline__ float __high2float(const __half2 a) { return __half2float(a.y); }
static __host__ __device__ __forceinline__ __half2 __float2half2_rn(const float a) {
    __half h = __float2half_rn(a);
    return __half2(h, h);
}
static __host__ __device__ __forceinline__ __half2 __floats2half2_rn(const float a, const float b) {
    return __half2(__float2half_rn(a), __float2half_rn(b));
}
static __host__ __device__ __forceinline__ __half2 __float22half2_rn(const float2 a) {
    return __half2(__float2half_rn(a.x), __float2half_rn(a.y));
}
static __host__ __device__ __forceinline__ float2 __half22float2(const __half2 a) {
    return make_float2(__half2float(a.x), __half2float(a.y));
}

/* ---- arithmetic ---- */

#define __OXICC_H_BIN(name, text)                                                          \
    static __device__ __forceinline__ __half name(const __half a, const __half b) {        \
        __half r;                                                                          \
        asm(text " %0, %1, %2;" : "=h"(r.__x) : "h"(a.__x), "h"(b.__x));                  \
        return r;                                                                          \
    }
#define __OXICC_H2_BIN(name, text)                                                         \
    static __device__ __forceinline__ __half2 name(const __half2 a, const __half2 b) {     \
        unsigned int r;                                                                    \
        asm(text " %0, %1, %2;" : "=r"(r) : "r"(__oxicc_h2_u32(a)), "r"(__oxicc_h2_u32(b))); \
        return __oxicc_u32_h2(r);                                                          \
    }
__OXICC_H_BIN(__hadd, "add.f16")
__OXICC_H_BIN(__hsub, "sub.f16")
__OXICC_H_BIN(__hmul, "mul.f16")
__OXICC_H_BIN(__hadd_rn, "add.rn.f16")
__OXICC_H_BIN(__hsub_rn, "sub.rn.f16")
__OXICC_H_BIN(__hmul_rn, "mul.rn.f16")
__OXICC_H_BIN(__hadd_sat, "add.sat.f16")
__OXICC_H_BIN(__hsub_sat, "sub.sat.f16")
__OXICC_H_BIN(__hmul_sat, "mul.sat.f16")
__OXICC_H2_BIN(__hadd2, "add.f16x2")
__OXICC_H2_BIN(__hsub2, "sub.f16x2")
__OXICC_H2_BIN(__hmul2, "mul.f16x2")
__OXICC_H2_BIN(__hadd2_rn, "add.rn.f16x2")
__OXICC_H2_BIN(__hsub2_rn, "sub.rn.f16x2")
__OXICC_H2_BIN(__hmul2_rn, "mul.rn.f16x2")
__OXICC_H2_BIN(__hadd2_sat, "add.sat.f16x2")
__OXICC_H2_BIN(__hsub2_sat, "sub.sat.f16x2")
__OXICC_H2_BIN(__hmul2_sat, "mul.sat.f16x2")
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
__OXICC_H_BIN(__hmax, "max.f16")
__OXICC_H_BIN(__hmin, "min.f16")
__OXICC_H_BIN(__hmax_nan, "max.NaN.f16")
__OXICC_H_BIN(__hmin_nan, "min.NaN.f16")
__OXICC_H2_BIN(__hmax2, "max.f16x2")
__OXICC_H2_BIN(__hmin2, "min.f16x2")
__OXICC_H2_BIN(__hmax2_nan, "max.NaN.f16x2")
__OXICC_H2_BIN(__hmin2_nan, "min.NaN.f16x2")
#endif
#undef __OXICC_H_BIN
#undef __OXICC_H2_BIN

static __device__ __forceinline__ __half __hfma(const __half a, const __half b, const __half c) {
    __half r;
    asm("fma.rn.f16 %0, %1, %2, %3;" : "=h"(r.__x) : "h"(a.__x), "h"(b.__x), "h"(c.__x));
    return r;
}
static __device__ __forceinline__ __half __hfma_sat(const __half a, const __half b, const __half c) {
    __half r;
    asm("fma.rn.sat.f16 %0, %1, %2, %3;" : "=h"(r.__x) : "h"(a.__x), "h"(b.__x), "h"(c.__x));
    return r;
}
static __device__ __forceinline__ __half2 __hfma2(const __half2 a, const __half2 b, const __half2 c) {
    unsigned int r;
    asm("fma.rn.f16x2 %0, %1, %2, %3;"
        : "=r"(r)
        : "r"(__oxicc_h2_u32(a)), "r"(__oxicc_h2_u32(b)), "r"(__oxicc_h2_u32(c)));
    return __oxicc_u32_h2(r);
}
static __device__ __forceinline__ __half2 __hfma2_sat(const __half2 a, const __half2 b, const __half2 c) {
    unsigned int r;
    asm("fma.rn.sat.f16x2 %0, %1, %2, %3;"
        : "=r"(r)
        : "r"(__oxicc_h2_u32(a)), "r"(__oxicc_h2_u32(b)), "r"(__oxicc_h2_u32(c)));
    return __oxicc_u32_h2(r);
}
static __device__ __forceinline__ __half __hneg(const __half a) {
    __half r;
    asm("neg.f16 %0, %1;" : "=h"(r.__x) : "h"(a.__x));
    return r;
}
static __device__ __forceinline__ __half2 __hneg2(const __half2 a) {
    unsigned int r;
    asm("neg.f16x2 %0, %1;" : "=r"(r) : "r"(__oxicc_h2_u32(a)));
    return __oxicc_u32_h2(r);
}
static __device__ __forceinline__ __half __habs(const __half a) {
    __half r;
    asm("abs.f16 %0, %1;" : "=h"(r.__x) : "h"(a.__x));
    return r;
}
static __device__ __forceinline__ __half2 __habs2(const __half2 a) {
    unsigned int r;
    asm("abs.f16x2 %0, %1;" : "=r"(r) : "r"(__oxicc_h2_u32(a)));
    return __oxicc_u32_h2(r);
}
/* Through f32: both operands are exact there and f32's precision makes the rounded
 * quotient the correctly rounded f16 quotient. */
static __device__ __forceinline__ __half __hdiv(const __half a, const __half b) {
    return __float2half_rn(__fdiv_rn(__half2float(a), __half2float(b)));
}
static __device__ __forceinline__ __half2 __h2div(const __half2 a, const __half2 b) {
    return __half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y));
}
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
/* Before sm_80 there is no `min.f16`: compare in f16 and pick (a NaN operand yields the
 * other one, as IEEE minNum does). */
static __device__ __forceinline__ __half __hmax(const __half a, const __half b) {
    __half r;
    asm("{\n\t.reg .pred p, q;\n\tsetp.gt.f16 p, %1, %2;\n\tsetp.nan.f16 q, %2, %2;\n\tor.pred p, p, q;\n\tselp.b16 %0, %1, %2, p;\n\t}"
        : "=h"(r.__x)
        : "h"(a.__x), "h"(b.__x));
    return r;
}
static __device__ __forceinline__ __half __hmin(const __half a, const __half b) {
    __half r;
    asm("{\n\t.reg .pred p, q;\n\tsetp.lt.f16 p, %1, %2;\n\tsetp.nan.f16 q, %2, %2;\n\tor.pred p, p, q;\n\tselp.b16 %0, %1, %2, p;\n\t}"
        : "=h"(r.__x)
        : "h"(a.__x), "h"(b.__x));
    return r;
}
static __device__ __forceinline__ __half2 __hmax2(const __half2 a, const __half2 b) {
    return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y));
}
static __device__ __forceinline__ __half2 __hmin2(const __half2 a, const __half2 b) {
    return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y));
}
#endif

/* ---- comparisons ---- */

#define __OXICC_H_CMP(name, cmp)                                                           \
    static __device__ __forceinline__ bool name(const __half a, const __half b) {          \
        unsigned short r;                                                                  \
        asm("{\n\t.reg .pred p;\n\tsetp." cmp ".f16 p, %1, %2;\n\tselp.u16 %0, 1, 0, p;\n\t}" \
            : "=h"(r)                                                                      \
            : "h"(a.__x), "h"(b.__x));                                                     \
        return r != 0;                                                                     \
    }
/* Both lanes true (`__hbeq2`) and each lane as 1.0 or 0.0 (`__heq2`). */
#define __OXICC_H2_CMP(bname, name, cmp)                                                   \
    static __device__ __forceinline__ bool bname(const __half2 a, const __half2 b) {       \
        unsigned short r;                                                                  \
        asm("{\n\t.reg .pred p, q;\n\tsetp." cmp ".f16x2 p|q, %1, %2;\n\tand.pred p, p, q;\n\tselp.u16 %0, 1, 0, p;\n\t}" \
            : "=h"(r)                                                                      \
            : "r"(__oxicc_h2_u32(a)), "r"(__oxicc_h2_u32(b)));                             \
        return r != 0;                                                                     \
    }                                                                                      \
    static __device__ __forceinline__ __half2 name(const __half2 a, const __half2 b) {     \
        unsigned int r;                                                                    \
        asm("set." cmp ".f16x2.f16x2 %0, %1, %2;"                                          \
            : "=r"(r)                                                                      \
            : "r"(__oxicc_h2_u32(a)), "r"(__oxicc_h2_u32(b)));                             \
        return __oxicc_u32_h2(r);                                                          \
    }
__OXICC_H_CMP(__heq, "eq")
__OXICC_H_CMP(__hne, "ne")
__OXICC_H_CMP(__hlt, "lt")
__OXICC_H_CMP(__hle, "le")
__OXICC_H_CMP(__hgt, "gt")
__OXICC_H_CMP(__hge, "ge")
__OXICC_H_CMP(__hequ, "equ")
__OXICC_H_CMP(__hneu, "neu")
__OXICC_H_CMP(__hltu, "ltu")
__OXICC_H_CMP(__hleu, "leu")
__OXICC_H_CMP(__hgtu, "gtu")
__OXICC_H_CMP(__hgeu, "geu")
__OXICC_H2_CMP(__hbeq2, __heq2, "eq")
__OXICC_H2_CMP(__hbne2, __hne2, "ne")
__OXICC_H2_CMP(__hblt2, __hlt2, "lt")
__OXICC_H2_CMP(__hble2, __hle2, "le")
__OXICC_H2_CMP(__hbgt2, __hgt2, "gt")
__OXICC_H2_CMP(__hbge2, __hge2, "ge")
__OXICC_H2_CMP(__hbequ2, __hequ2, "equ")
__OXICC_H2_CMP(__hbneu2, __hneu2, "neu")
__OXICC_H2_CMP(__hbltu2, __hltu2, "ltu")
__OXICC_H2_CMP(__hbleu2, __hleu2, "leu")
__OXICC_H2_CMP(__hbgtu2, __hgtu2, "gtu")
__OXICC_H2_CMP(__hbgeu2, __hgeu2, "geu")
#undef __OXICC_H_CMP
#undef __OXICC_H2_CMP

static __host__ __device__ __forceinline__ bool __hisnan(const __half a) {
    return (a.__x & 0x7fffu) > 0x7c00u;
}
static __host__ __device__ __forceinline__ int __hisinf(const __half a) {
    return a.__x == 0x7c00u ? 1 : (a.__x == 0xfc00u ? -1 : 0);
}

/* ---- math functions (issue 14): the float function of the value, rounded once to the
 * type (the float functions are the device math library's; these names link their units).
 * Templates over the type (__half, __nv_bfloat16 and their pairs: one definition for both
 * headers), so a function nobody calls is never instantiated and its float function's unit
 * is linked only where the kernel names it. ---- */
template <class __H> static __device__ __forceinline__ __H hsin(const __H a) { float __f = (float)a; return __H(sinf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2sin(const __H2 a) { return __H2(hsin(a.x), hsin(a.y)); }
template <class __H> static __device__ __forceinline__ __H hcos(const __H a) { float __f = (float)a; return __H(cosf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2cos(const __H2 a) { return __H2(hcos(a.x), hcos(a.y)); }
template <class __H> static __device__ __forceinline__ __H hexp(const __H a) { float __f = (float)a; return __H(expf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2exp(const __H2 a) { return __H2(hexp(a.x), hexp(a.y)); }
template <class __H> static __device__ __forceinline__ __H hexp2(const __H a) { float __f = (float)a; return __H(exp2f(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2exp2(const __H2 a) { return __H2(hexp2(a.x), hexp2(a.y)); }
template <class __H> static __device__ __forceinline__ __H hexp10(const __H a) { float __f = (float)a; return __H(exp10f(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2exp10(const __H2 a) { return __H2(hexp10(a.x), hexp10(a.y)); }
template <class __H> static __device__ __forceinline__ __H hlog(const __H a) { float __f = (float)a; return __H(logf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2log(const __H2 a) { return __H2(hlog(a.x), hlog(a.y)); }
template <class __H> static __device__ __forceinline__ __H hlog2(const __H a) { float __f = (float)a; return __H(log2f(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2log2(const __H2 a) { return __H2(hlog2(a.x), hlog2(a.y)); }
template <class __H> static __device__ __forceinline__ __H hlog10(const __H a) { float __f = (float)a; return __H(log10f(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2log10(const __H2 a) { return __H2(hlog10(a.x), hlog10(a.y)); }
template <class __H> static __device__ __forceinline__ __H hrcp(const __H a) { float __f = (float)a; return __H(__frcp_rn(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2rcp(const __H2 a) { return __H2(hrcp(a.x), hrcp(a.y)); }
template <class __H> static __device__ __forceinline__ __H hrsqrt(const __H a) { float __f = (float)a; return __H(rsqrtf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2rsqrt(const __H2 a) { return __H2(hrsqrt(a.x), hrsqrt(a.y)); }
template <class __H> static __device__ __forceinline__ __H hsqrt(const __H a) { float __f = (float)a; return __H(sqrtf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2sqrt(const __H2 a) { return __H2(hsqrt(a.x), hsqrt(a.y)); }
template <class __H> static __device__ __forceinline__ __H hceil(const __H a) { float __f = (float)a; return __H(ceilf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2ceil(const __H2 a) { return __H2(hceil(a.x), hceil(a.y)); }
template <class __H> static __device__ __forceinline__ __H hfloor(const __H a) { float __f = (float)a; return __H(floorf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2floor(const __H2 a) { return __H2(hfloor(a.x), hfloor(a.y)); }
template <class __H> static __device__ __forceinline__ __H htrunc(const __H a) { float __f = (float)a; return __H(truncf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2trunc(const __H2 a) { return __H2(htrunc(a.x), htrunc(a.y)); }
template <class __H> static __device__ __forceinline__ __H hrint(const __H a) { float __f = (float)a; return __H(rintf(__f)); }
template <class __H2> static __device__ __forceinline__ __H2 h2rint(const __H2 a) { return __H2(hrint(a.x), hrint(a.y)); }

/* ---- operators ---- */

static __device__ __forceinline__ __half operator+(const __half &a, const __half &b) { return __hadd(a, b); }
static __device__ __forceinline__ __half operator-(const __half &a, const __half &b) { return __hsub(a, b); }
static __device__ __forceinline__ __half operator*(const __half &a, const __half &b) { return __hmul(a, b); }
static __device__ __forceinline__ __half operator/(const __half &a, const __half &b) { return __hdiv(a, b); }
static __device__ __forceinline__ __half &operator+=(__half &a, const __half &b) { a = __hadd(a, b); return a; }
static __device__ __forceinline__ __half &operator-=(__half &a, const __half &b) { a = __hsub(a, b); return a; }
static __device__ __forceinline__ __half &operator*=(__half &a, const __half &b) { a = __hmul(a, b); return a; }
static __device__ __forceinline__ __half &operator/=(__half &a, const __half &b) { a = __hdiv(a, b); return a; }
static __device__ __forceinline__ __half operator+(const __half &a) { return a; }
static __device__ __forceinline__ __half operator-(const __half &a) { return __hneg(a); }
static __device__ __forceinline__ bool operator==(const __half &a, const __half &b) { return __heq(a, b); }
static __device__ __forceinline__ bool operator!=(const __half &a, const __half &b) { return __hneu(a, b); }
static __device__ __forceinline__ bool operator<(const __half &a, const __half &b) { return __hlt(a, b); }
static __device__ __forceinline__ bool operator<=(const __half &a, const __half &b) { return __hle(a, b); }
static __device__ __forceinline__ bool operator>(const __half &a, const __half &b) { return __hgt(a, b); }
static __device__ __forceinline__ bool operator>=(const __half &a, const __half &b) { return __hge(a, b); }

static __device__ __forceinline__ __half2 operator+(const __half2 &a, const __half2 &b) { return __hadd2(a, b); }
static __device__ __forceinline__ __half2 operator-(const __half2 &a, const __half2 &b) { return __hsub2(a, b); }
static __device__ __forceinline__ __half2 operator*(const __half2 &a, const __half2 &b) { return __hmul2(a, b); }
static __device__ __forceinline__ __half2 operator/(const __half2 &a, const __half2 &b) { return __h2div(a, b); }
static __device__ __forceinline__ __half2 &operator+=(__half2 &a, const __half2 &b) { a = __hadd2(a, b); return a; }
static __device__ __forceinline__ __half2 &operator-=(__half2 &a, const __half2 &b) { a = __hsub2(a, b); return a; }
static __device__ __forceinline__ __half2 &operator*=(__half2 &a, const __half2 &b) { a = __hmul2(a, b); return a; }
static __device__ __forceinline__ __half2 &operator/=(__half2 &a, const __half2 &b) { a = __h2div(a, b); return a; }
static __device__ __forceinline__ __half2 operator+(const __half2 &a) { return a; }
static __device__ __forceinline__ __half2 operator-(const __half2 &a) { return __hneg2(a); }
static __device__ __forceinline__ bool operator==(const __half2 &a, const __half2 &b) { return __hbeq2(a, b); }
static __device__ __forceinline__ bool operator!=(const __half2 &a, const __half2 &b) { return __hbneu2(a, b); }
static __device__ __forceinline__ bool operator<(const __half2 &a, const __half2 &b) { return __hblt2(a, b); }
static __device__ __forceinline__ bool operator<=(const __half2 &a, const __half2 &b) { return __hble2(a, b); }
static __device__ __forceinline__ bool operator>(const __half2 &a, const __half2 &b) { return __hbgt2(a, b); }
static __device__ __forceinline__ bool operator>=(const __half2 &a, const __half2 &b) { return __hbge2(a, b); }

/* ---- warp shuffles ----
 * As nvcc's header: one 32-bit `shfl.sync` moves a `__half2` whole; a `__half` travels as
 * `{h, h}` and comes back as the low half. The clamp operand packs the segment mask
 * `(warpSize - width) << 8` with the highest lane (31) except for `up`, which clamps at 0.
 * `width` defaults to 32 (warpSize on every target; oxicc's default arguments are constant
 * expressions). */
#include <__oxicc/shfl32.h>

#define __OXICC_SHFL_HALF(name, helper, lanety)                                            \
    static __device__ __forceinline__ __half2 name(const unsigned int mask, const __half2 var, \
                                                   const lanety lane, const int width = 32) { \
        return __oxicc_u32_h2(helper(mask, __oxicc_h2_u32(var), lane, width));            \
    }                                                                                      \
    static __device__ __forceinline__ __half name(const unsigned int mask, const __half var, \
                                                  const lanety lane, const int width = 32) { \
        return __oxicc_half(__oxicc_low16(helper(mask, __oxicc_h_dup(var.__x), lane, width))); \
    }
__OXICC_SHFL_HALF(__shfl_sync, __oxicc_shfl_idx_b32, int)
__OXICC_SHFL_HALF(__shfl_up_sync, __oxicc_shfl_up_b32, unsigned int)
__OXICC_SHFL_HALF(__shfl_down_sync, __oxicc_shfl_down_b32, unsigned int)
__OXICC_SHFL_HALF(__shfl_xor_sync, __oxicc_shfl_bfly_b32, int)
#undef __OXICC_SHFL_HALF

/* ---- atomics ----
 * `atom.add.noftz.f16x2` exists from sm_60, `atom.add.noftz.f16` from sm_70, as nvcc's
 * header gates them; `noftz` keeps subnormal operands and results. */
#if __CUDA_ARCH__ >= 600
static __device__ __forceinline__ __half2 atomicAdd(__half2 *const address, const __half2 val) {
    unsigned int r;
    asm volatile("{ atom.add.noftz.f16x2 %0,[%1],%2; }"
                 : "=r"(r)
                 : "l"(address), "r"(__oxicc_h2_u32(val))
                 : "memory");
    return __oxicc_u32_h2(r);
}
#endif
#if __CUDA_ARCH__ >= 700
static __device__ __forceinline__ __half atomicAdd(__half *const address, const __half val) {
    __half r;
    asm volatile("{ atom.add.noftz.f16 %0,[%1],%2; }"
                 : "=h"(r.__x)
                 : "l"(address), "h"(val.__x)
                 : "memory");
    return r;
}
#endif
