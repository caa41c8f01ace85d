/* oxicc device math library: logf, log2f, log10f (and the float overloads of log, log2,
 * log10). x = 2^k * m with m in [sqrt(1/2), sqrt(2)) (subnormals scaled by 2^23 first),
 * f = m - 1 exactly, log(1 + f) = f + f^2 q(f) with the minimax q of coeffs.cuh; k times
 * the constant is added with a two-float split of it, and the log2/log10 scale of the
 * polynomial's result with a split too, so each result is rounded about once. */
#pragma once
#include <oxicc_math/coeffs.cuh>

extern "C" __host__ __device__ double log(double);
extern "C" __host__ __device__ double log2(double);
extern "C" __host__ __device__ double log10(double);

/* f and q(f), so that log(1 + f) = f + f^2 q(f), and the exponent k; x positive and
 * finite. */
static __device__ __forceinline__ float __oxm_log_reduce_q(float __x, float *__k, float *__qo)
{
    float __e = 0.0f;
    if (__x < 1.175494351e-38f) {
        __x *= 8388608.0f;
        __e = -23.0f;
    }
    int __ix = __float_as_int(__x);
    int __ki = (__ix - 0x3f3504f3) >> 23;
    float __f = __int_as_float(__ix - (__ki << 23)) - 1.0f;
    float __q = __OXM_LOG1P_C8;
    __q = fmaf(__q, __f, __OXM_LOG1P_C7);
    __q = fmaf(__q, __f, __OXM_LOG1P_C6);
    __q = fmaf(__q, __f, __OXM_LOG1P_C5);
    __q = fmaf(__q, __f, __OXM_LOG1P_C4);
    __q = fmaf(__q, __f, __OXM_LOG1P_C3);
    __q = fmaf(__q, __f, __OXM_LOG1P_C2);
    __q = fmaf(__q, __f, __OXM_LOG1P_C1);
    __q = fmaf(__q, __f, __OXM_LOG1P_C0);
    *__k = (float)__ki + __e;
    *__qo = __q;
    return __f;
}

/* f and the correction c = f^2 q(f), so that log(1 + f) = f + c, and the exponent k. */
static __device__ __forceinline__ float __oxm_log_reduce(float __x, float *__k, float *__c)
{
    float __q;
    float __f = __oxm_log_reduce_q(__x, __k, &__q);
    *__c = __f * __f * __q;
    return __f;
}

/* ln x as a two-float hi + *lo (about 2^-30 relative), x positive and finite: the
 * reduction's k ln2_hi + f and its rounding errors exact (fma, Fast2Sum: |k ln2| >= |f|
 * unless k = 0), then Fast2Sum with the small terms. For the special functions, whose
 * results grow with ln x faster than ln x itself (erfinvf, lgammaf). __fmul_rn keeps
 * the product out of a fused add. */
static __device__ __forceinline__ float __oxm_logf_hl(float __x, float *__lo)
{
    float __k, __c;
    float __f = __oxm_log_reduce(__x, &__k, &__c);
    float __h = __fmul_rn(__k, 6.931471825e-01f);
    float __e1 = fmaf(__k, 6.931471825e-01f, -__h);
    float __s0 = __h + __f;
    float __e2 = (__h - __s0) + __f;
    float __l = (__e1 + __e2) + fmaf(__k, -1.904654212e-09f, __c);
    float __sh = __s0 + __l;
    *__lo = __l - (__sh - __s0);
    return __sh;
}

/* log of 0 is -inf, of a negative number NaN, of +inf +inf, of NaN NaN. */
static __device__ __forceinline__ float __oxm_log_special(float __x, float __r)
{
    float __s = __x == 0.0f ? __int_as_float(0xff800000)
                            : (__x < 0.0f ? __int_as_float(0x7fffffff) : __x + __x);
    return (__x > 0.0f && __x < __int_as_float(0x7f800000)) ? __r : __s;
}

extern "C" __host__ __device__ __forceinline__ float logf(float __x)
{
    float __k, __c;
    float __f = __oxm_log_reduce(__x, &__k, &__c);
    float __r = fmaf(__k, 6.931471825e-01f, fmaf(__k, -1.904654212e-09f, __f + __c));
    return __oxm_log_special(__x, __r);
}

extern "C" __host__ __device__ __forceinline__ float log2f(float __x)
{
    /* k + (f + c) log2(e) rounded about once: p = f * L2E_HI and its error plo are
     * exact (fma), hi = k + p and its error are exact by Fast2Sum (|k| >= |p| unless
     * k = 0). c = f^2 q (up to -0.09 log2 e, not small: rounded as one product it cost
     * 0.6 ulp, 1.126 in all at x = 1.40217 on the GPU) is a two-float too (the square
     * and the products' errors by fma), its high part m times L2E_HI added to hi by
     * Fast2Sum (|hi| > |m|: |c| < |f|/4 and |k + p| >= 0.4 for k != 0), so only q's
     * own rounding and the last addition remain. The small terms are summed first. The
     * _rn intrinsics keep the compilers from fusing products whose errors are counted
     * into the additions that follow. */
    float __k, __q;
    float __f = __oxm_log_reduce_q(__x, &__k, &__q);
    float __p = __fmul_rn(__f, 1.442695022e+00f);
    float __plo = fmaf(__f, 1.442695022e+00f, -__p);
    float __hi = __fadd_rn(__k, __p);
    float __lo = __fsub_rn(__p, __fsub_rn(__hi, __k)) + __plo;
    __lo = fmaf(__f, 1.925963034e-08f, __lo);
    float __f2 = __fmul_rn(__f, __f);
    float __f2l = fmaf(__f, __f, -__f2);
    float __ch = __fmul_rn(__f2, __q);
    float __cl = fmaf(__f2l, __q, fmaf(__f2, __q, -__ch));
    float __m = __fmul_rn(__ch, 1.442695022e+00f);
    float __ml = fmaf(__ch, 1.442695022e+00f, -__m);
    __ml = fmaf(__cl, 1.442695022e+00f, __ml);
    __ml = fmaf(__ch, 1.925963034e-08f, __ml);
    float __s = __fadd_rn(__hi, __m);
    float __e2 = __fadd_rn(__fsub_rn(__hi, __s), __m);
    float __r = __s + ((__lo + __ml) + __e2);
    return __oxm_log_special(__x, __r);
}

extern "C" __host__ __device__ __forceinline__ float log10f(float __x)
{
    float __k, __c;
    float __f = __oxm_log_reduce(__x, &__k, &__c);
    float __y = __f + __c;
    float __t = fmaf(__y, -1.010304995e-08f, __k * -1.432098884e-08f);
    __t = fmaf(__y, 4.342944920e-01f, __t);
    float __r = fmaf(__k, 3.010300100e-01f, __t);
    return __oxm_log_special(__x, __r);
}

__host__ __device__ __forceinline__ float log(float __x) { return logf(__x); }
__host__ __device__ __forceinline__ float log2(float __x) { return log2f(__x); }
__host__ __device__ __forceinline__ float log10(float __x) { return log10f(__x); }

/* std::sin & co. (<cmath>) */
namespace std {
using ::logf;
using ::log2f;
using ::log10f;
using ::log;
using ::log2;
using ::log10;
}
