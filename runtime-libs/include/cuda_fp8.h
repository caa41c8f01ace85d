/* oxicc built-in header: 8-bit floating point (`__nv_fp8_e4m3`, `__nv_fp8_e5m2`, their x2 and
 * x4 forms, the `__nv_cvt_*` functions), written for oxicc from the CUDA Math API's
 * description of `cuda_fp8.h` and the OCP 8-bit floating point formats.
 *
 * E4M3: bias 7, no infinities, S.1111.111 is NaN, largest finite 448. E5M2: bias 15, IEEE-like
 * (the top byte of a binary16), largest finite 57344. Conversions to fp8 round to nearest
 * even; `__NV_SATFINITE` clamps overflow (and infinities) to the largest finite value,
 * `__NV_NOSAT` gives NaN (E4M3) or infinity (E5M2). A float NaN gives the NaN 0x7F.
 *
 * As nvcc does, sm_89 and later use PTX's `cvt.rn.satfinite.{e4m3x2,e5m2x2}.{f32,f16x2}`
 * for saturating conversions from float and half, and `cvt.rn.f16x2.{e4m3x2,e5m2x2}` to
 * half; everything else (double sources, `__NV_NOSAT`, older targets) is the integer
 * algorithm below, exact on the double's bits (float, half and bfloat16 widen to double
 * exactly, so one rounding). */
#pragma once
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#define __CUDA_FP8_TYPES_EXIST__

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
#define __OXICC_FP8_CVT 1
#endif

/* Round |x| (a double's bits) to the format: the quantum is 2^(max(e, emin) - m); the code of
 * n quanta is n below the normal range and ((e + bias) << m) + n - 2^m within it (a carry
 * into the next binade lands on the next exponent's code, as it should). */
static __host__ __device__ __forceinline__ __nv_fp8_storage_t
__nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                       const __nv_fp8_interpretation_t fp8_interpretation) {
    unsigned long long b = (unsigned long long)__double_as_longlong(x);
    unsigned int sign = (unsigned int)(b >> 56) & 0x80u;
    unsigned long long a = b & 0x7FFFFFFFFFFFFFFFull;
    bool e4 = fp8_interpretation == __NV_E4M3;
    int m = e4 ? 3 : 2;
    int bias = e4 ? 7 : 15;
    unsigned int maxv = e4 ? 0x7Eu : 0x7Bu;
    unsigned int over = saturate == __NV_SATFINITE ? maxv : (e4 ? 0x7Fu : 0x7Cu);
    /* A double NaN keeps its sign and, in E5M2, the mantissa bit below the quiet bit, as
     * nvcc's header does; float sources are made the canonical NaN first (0x7F). */
    if (a > 0x7FF0000000000000ull)
        return (__nv_fp8_storage_t)(sign | (e4 ? 0x7Fu : (0x7Eu | (unsigned int)((a >> 50) & 1ull))));
    int e = (int)(a >> 52) - 1023;
    if (e > 16)
        return (__nv_fp8_storage_t)(sign | over);
    int emin = 1 - bias;
    unsigned long long mant = (a & 0xFFFFFFFFFFFFFull) | (e > -1023 ? 0x10000000000000ull : 0ull);
    int q = (e < emin ? emin : e) - m;
    int shift = 52 + q - e;
    if (shift > 60)
        return (__nv_fp8_storage_t)sign;
    unsigned long long n = mant >> shift;
    unsigned long long rem = mant & ((1ull << shift) - 1ull);
    unsigned long long half = 1ull << (shift - 1);
    if (rem > half || (rem == half && (n & 1ull)))
        n += 1ull;
    unsigned int code = e < emin ? (unsigned int)n
                                 : (unsigned int)(((e + bias) << m) + (int)n - (1 << m));
    if (code > maxv)
        code = over;
    return (__nv_fp8_storage_t)(sign | code);
}

static __host__ __device__ __forceinline__ __nv_fp8_storage_t
__nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                      const __nv_fp8_interpretation_t fp8_interpretation) {
#ifdef __OXICC_FP8_CVT
    if (saturate == __NV_SATFINITE) {
        unsigned short r;
        if (fp8_interpretation == __NV_E4M3)
            asm("{cvt.rn.satfinite.e4m3x2.f32 %0, %2, %1;}\n" : "=h"(r) : "f"(x), "f"(0.0f));
        else
            asm("{cvt.rn.satfinite.e5m2x2.f32 %0, %2, %1;}\n" : "=h"(r) : "f"(x), "f"(0.0f));
        return (__nv_fp8_storage_t)(r & 0xFF);
    }
#endif
    if (x != x)
        return (__nv_fp8_storage_t)0x7F;
    return __nv_cvt_double_to_fp8((double)x, saturate, fp8_interpretation);
}

static __host__ __device__ __forceinline__ __nv_fp8x2_storage_t
__nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                          const __nv_fp8_interpretation_t fp8_interpretation) {
    unsigned short lo = __nv_cvt_double_to_fp8(x.x, saturate, fp8_interpretation);
    unsigned short hi = __nv_cvt_double_to_fp8(x.y, saturate, fp8_interpretation);
    return (__nv_fp8x2_storage_t)(lo | (hi << 8));
}

static __host__ __device__ __forceinline__ __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                         const __nv_fp8_interpretation_t fp8_interpretation) {
#ifdef __OXICC_FP8_CVT
    if (saturate == __NV_SATFINITE) {
        unsigned short r;
        if (fp8_interpretation == __NV_E4M3)
            asm("{cvt.rn.satfinite.e4m3x2.f32 %0, %2, %1;}\n" : "=h"(r) : "f"(x.x), "f"(x.y));
        else
            asm("{cvt.rn.satfinite.e5m2x2.f32 %0, %2, %1;}\n" : "=h"(r) : "f"(x.x), "f"(x.y));
        return r;
    }
#endif
    unsigned short lo = __nv_cvt_float_to_fp8(x.x, saturate, fp8_interpretation);
    unsigned short hi = __nv_cvt_float_to_fp8(x.y, saturate, fp8_interpretation);
    return (__nv_fp8x2_storage_t)(lo | (hi << 8));
}

static __host__ __device__ __forceinline__ __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
    return __nv_cvt_float_to_fp8(__half2float(__ushort_as_half(x.x)), saturate,
                                 fp8_interpretation);
}

static __host__ __device__ __forceinline__ __nv_fp8x2_storage_t
__nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
    __half_raw lo, hi;
    lo.x = x.x;
    hi.x = x.y;
    unsigned short l = __nv_cvt_halfraw_to_fp8(lo, saturate, fp8_interpretation);
    unsigned short h = __nv_cvt_halfraw_to_fp8(hi, saturate, fp8_interpretation);
    return (__nv_fp8x2_storage_t)(l | (h << 8));
}

static __host__ __device__ __forceinline__ __nv_fp8_storage_t
__nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                            const __nv_fp8_interpretation_t fp8_interpretation) {
    return __nv_cvt_float_to_fp8(__uint_as_float((unsigned int)x.x << 16), saturate,
                                 fp8_interpretation);
}

static __host__ __device__ __forceinline__ __nv_fp8x2_storage_t
__nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
                               const __nv_fp8_interpretation_t fp8_interpretation) {
    __nv_bfloat16_raw lo, hi;
    lo.x = x.x;
    hi.x = x.y;
    unsigned short l = __nv_cvt_bfloat16raw_to_fp8(lo, saturate, fp8_interpretation);
    unsigned short h = __nv_cvt_bfloat16raw_to_fp8(hi, saturate, fp8_interpretation);
    return (__nv_fp8x2_storage_t)(l | (h << 8));
}

/* Every fp8 value is a binary16 value (NaNs become 0x7FFF): E5M2 is a half's top byte; E4M3's exponent moves from
 * bias 7 to bias 15 and its subnormals (m * 2^-9) become normal halves. */
static __host__ __device__ __forceinline__ unsigned short
__oxicc_fp8_to_half_bits(const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t fmt) {
    unsigned int v = x;
    if (fmt == __NV_E5M2 ? (v & 0x7Fu) > 0x7Cu : (v & 0x7Fu) == 0x7Fu)
        return (unsigned short)0x7FFF; /* NaNs become the canonical half NaN */
    if (fmt == __NV_E5M2)
        return (unsigned short)(v << 8);
    unsigned int s = (v & 0x80u) << 8;
    unsigned int ex = (v >> 3) & 15u;
    unsigned int mt = v & 7u;
    if (ex != 0)
        return (unsigned short)(s | ((ex + 8u) << 10) | (mt << 7));
    if (mt == 0)
        return (unsigned short)s;
    unsigned int p = mt >= 4 ? 2u : (mt >= 2 ? 1u : 0u);
    return (unsigned short)(s | ((p + 6u) << 10) | ((mt ^ (1u << p)) << (10u - p)));
}

static __host__ __device__ __forceinline__ __half_raw
__nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
    __half_raw r;
#ifdef __OXICC_FP8_CVT
    unsigned int h;
    unsigned short in = x;
    if (fp8_interpretation == __NV_E4M3)
        asm("{cvt.rn.f16x2.e4m3x2 %0, %1;}\n" : "=r"(h) : "h"(in));
    else
        asm("{cvt.rn.f16x2.e5m2x2 %0, %1;}\n" : "=r"(h) : "h"(in));
    r.x = (unsigned short)h;
#else
    r.x = __oxicc_fp8_to_half_bits(x, fp8_interpretation);
#endif
    return r;
}

static __host__ __device__ __forceinline__ __half2_raw
__nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
    __half2_raw r;
#ifdef __OXICC_FP8_CVT
    unsigned int h;
    if (fp8_interpretation == __NV_E4M3)
        asm("{cvt.rn.f16x2.e4m3x2 %0, %1;}\n" : "=r"(h) : "h"(x));
    else
        asm("{cvt.rn.f16x2.e5m2x2 %0, %1;}\n" : "=r"(h) : "h"(x));
    r.x = (unsigned short)h;
    r.y = (unsigned short)(h >> 16);
#else
    r.x = __oxicc_fp8_to_half_bits((__nv_fp8_storage_t)(x & 0xFF), fp8_interpretation);
    r.y = __oxicc_fp8_to_half_bits((__nv_fp8_storage_t)(x >> 8), fp8_interpretation);
#endif
    return r;
}

static __host__ __device__ __forceinline__ float
__oxicc_fp8_to_float(const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t fmt) {
    return __half2float(__ushort_as_half(__nv_cvt_fp8_to_halfraw(x, fmt).x));
}

/* The classes: storage `__x`, construction from float/double/half/bfloat16 saturating to
 * finite (as nvcc's classes do), conversion to float. */
#define __OXICC_FP8_CLASS(NAME, FMT)                                                          \
    struct __align__(1) NAME {                                                                \
        __nv_fp8_storage_t __x;                                                               \
        NAME() = default;                                                                     \
        __host__ __device__ explicit NAME(const float f)                                     \
            : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, FMT)) {}                          \
        __host__ __device__ explicit NAME(const double f)                                    \
            : __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, FMT)) {}                         \
        __host__ __device__ explicit NAME(const __half f)                                    \
            : __x(__nv_cvt_float_to_fp8(__half2float(f), __NV_SATFINITE, FMT)) {}            \
        __host__ __device__ explicit NAME(const __nv_bfloat16 f)                             \
            : __x(__nv_cvt_float_to_fp8(__bfloat162float(f), __NV_SATFINITE, FMT)) {}        \
        __host__ __device__ explicit operator float() const {                               \
            return __oxicc_fp8_to_float(__x, FMT);                                           \
        }                                                                                     \
        /* Exact: every fp8 value is a half and a bfloat16. */                                \
        __host__ __device__ explicit operator __half() const {                              \
            return __float2half_rn(__oxicc_fp8_to_float(__x, FMT));                          \
        }                                                                                     \
        __host__ __device__ explicit operator __nv_bfloat16() const {                       \
            return __float2bfloat16_rn(__oxicc_fp8_to_float(__x, FMT));                      \
        }                                                                                     \
    };
__OXICC_FP8_CLASS(__nv_fp8_e4m3, __NV_E4M3)
__OXICC_FP8_CLASS(__nv_fp8_e5m2, __NV_E5M2)
#undef __OXICC_FP8_CLASS

#define __OXICC_FP8X2_CLASS(NAME, FMT)                                                        \
    struct __align__(2) NAME {                                                                \
        __nv_fp8x2_storage_t __x;                                                             \
        NAME() = default;                                                                     \
        __host__ __device__ explicit NAME(const float2 f)                                    \
            : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, FMT)) {}                       \
        __host__ __device__ explicit NAME(const double2 f)                                   \
            : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, FMT)) {}                      \
        __host__ __device__ explicit operator float2() const {                              \
            return make_float2(__oxicc_fp8_to_float((__nv_fp8_storage_t)(__x & 0xFF), FMT),  \
                               __oxicc_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), FMT));   \
        }                                                                                     \
        __host__ __device__ explicit operator __half2() const {                             \
            return __floats2half2_rn(__oxicc_fp8_to_float((__nv_fp8_storage_t)(__x & 0xFF), FMT), \
                                     __oxicc_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), FMT)); \
        }                                                                                     \
    };
__OXICC_FP8X2_CLASS(__nv_fp8x2_e4m3, __NV_E4M3)
__OXICC_FP8X2_CLASS(__nv_fp8x2_e5m2, __NV_E5M2)
#undef __OXICC_FP8X2_CLASS

#define __OXICC_FP8X4_CLASS(NAME, FMT)                                                        \
    struct __align__(4) NAME {                                                                \
        __nv_fp8x4_storage_t __x;                                                             \
        NAME() = default;                                                                     \
        __host__ __device__ explicit NAME(const float4 f) {                                  \
            unsigned int lo = __nv_cvt_float2_to_fp8x2(make_float2(f.x, f.y), __NV_SATFINITE, FMT); \
            unsigned int hi = __nv_cvt_float2_to_fp8x2(make_float2(f.z, f.w), __NV_SATFINITE, FMT); \
            __x = lo | (hi << 16);                                                            \
        }                                                                                     \
        __host__ __device__ explicit operator float4() const {                              \
            return make_float4(__oxicc_fp8_to_float((__nv_fp8_storage_t)(__x & 0xFF), FMT),  \
                               __oxicc_fp8_to_float((__nv_fp8_storage_t)((__x >> 8) & 0xFF), FMT), \
                               __oxicc_fp8_to_float((__nv_fp8_storage_t)((__x >> 16) & 0xFF), FMT), \
                               __oxicc_fp8_to_float((__nv_fp8_storage_t)(__x >> 24), FMT));  \
        }                                                                                     \
    };
__OXICC_FP8X4_CLASS(__nv_fp8x4_e4m3, __NV_E4M3)
__OXICC_FP8X4_CLASS(__nv_fp8x4_e5m2, __NV_E5M2)
#undef __OXICC_FP8X4_CLASS
