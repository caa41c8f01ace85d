/* oxicc device math library: the float logarithm core shared by powf and log1pf. It
 * returns ln m as a two-float sum hi + lo (relative error about 2^-36) and the exponent
 * k, for a = 2^k m, m in [sqrt(1/2), sqrt(2)), a positive and finite (subnormals are
 * scaled by 2^23 first). powf needs the precision: y log2 x reaches 128 in magnitude,
 * so 2^-31 of relative error in the logarithm is already an ulp of the result.
 * With f = m - 1 (exact) and s = f / (2 + f), ln m = 2 atanh s = 2s + 2s^3/3 + s^5 q(s^2),
 * |s| <= 3 - 2 sqrt(2), q the minimax polynomial of coeffs.cuh. s is a two-float:
 * s_hi = f rcp(2 + f), and s_lo = r / (2 + f) with the residual
 * r = f - s_hi (2 + f) = (f - 2 s_hi) - s_hi f (the first difference is exact: 2 s_hi is
 * within a factor 2 of f), so the reciprocal need not be exact. 2s^3/3 is carried as a
 * two-float too (s_hi^3 by fma products, 3 s_hi^2 s_lo, 2/3 in two floats), and 2 s_hi
 * and its high part are added by Fast2Sum. */
#pragma once
#include <oxicc_math/coeffs.cuh>

static __device__ __forceinline__ float __oxm_ln_core(float __a, float *__k, float *__lo)
{
    float __e = 0.0f;
    if (__a < 1.175494351e-38f) {
        __a *= 8388608.0f;
        __e = -23.0f;
    }
    int __ia = __float_as_int(__a);
    int __ki = (__ia - 0x3f3504f3) >> 23;
    float __f = __int_as_float(__ia - (__ki << 23)) - 1.0f;
    *__k = (float)__ki + __e;
    float __rc = __oxicc_rcp_approx(2.0f + __f);
    float __sh = __f * __rc;
    float __r = fmaf(-__sh, __f, fmaf(-2.0f, __sh, __f));
    float __sl = __r * __rc;
    float __uh = __fmul_rn(__sh, __sh);
    float __ul = fmaf(__sh, __sh, -__uh);
    /* v + vl = (s_hi + s_lo)^3 to about 2^-46 relative */
    float __v = __fmul_rn(__sh, __uh);
    float __vl = fmaf(__sh, __uh, -__v);
    __vl = fmaf(__sh, __ul, __vl);
    __vl = fmaf(3.0f * __uh, __sl, __vl);
    float __q = __OXM_LOGS_C3;
    __q = fmaf(__q, __uh, __OXM_LOGS_C2);
    __q = fmaf(__q, __uh, __OXM_LOGS_C1);
    __q = fmaf(__q, __uh, __OXM_LOGS_C0);
    /* th + tl = (2/3) s^3 + s^5 q */
    float __th = __fmul_rn(__v, 6.666666865e-01f);
    float __tl = fmaf(__v, 6.666666865e-01f, -__th);
    __tl = fmaf(__v, -1.986821552e-08f, __tl);
    __tl = fmaf(__vl, 6.666666865e-01f, __tl);
    __tl = fmaf(__v * __uh, __q, __tl);
    float __h2 = 2.0f * __sh;
    float __hi = __fadd_rn(__h2, __th);
    *__lo = __fsub_rn(__th, __fsub_rn(__hi, __h2)) + fmaf(2.0f, __sl, __tl);
    return __hi;
}
