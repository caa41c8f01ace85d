/* oxicc device math library: expm1f, sinhf, coshf (and their float overloads), in float.
 * expm1f: j = rint(x log2 e - 0.085) (the offset keeps 2^j (1 + expm1 r) - 1 from
 * cancelling for j = 1), r = x - j ln 2 (Cody-Waite, ln 2 in two floats, the first
 * of 16 bits so j ln2_hi is exact), expm1 r = r + r^2 (1/2 + r q(r)) with the minimax q
 * of coeffs.cuh, then expm1 x = 2 (2^(j-1) expm1 r + (2^(j-1) - 1/2)): one fma, whose
 * addend is exact for |j| <= 24, and an exact doubling (so j = 128 needs no 2^128);
 * beyond 24, 2^j (1 + e - 2^-j) with 1 + e a two-float.
 * Clamping x to [-20, 88.8] keeps 2^(j-1) normal (expm1 rounds to -1 below -17.4 and
 * overflows above 88.73); NaN passes the clamps.
 * coshf, sinhf: E = e^|x| / 2 by the expf reduction (expf.cuh's polynomial, not
 * ex2.approx, so the error bound holds on the hardware as in the interpreter; halving
 * first keeps E finite up to the overflow threshold of cosh), then E +- (1/4) / E;
 * sinhf below 1 is the odd minimax polynomial x + x^3 q(x^2). */
#pragma once
#include <oxicc_math/coeffs.cuh>
#include <oxicc_math/expf.cuh>

extern "C" __host__ __device__ double expm1(double);
extern "C" __host__ __device__ double sinh(double);
extern "C" __host__ __device__ double cosh(double);

extern "C" __host__ __device__ __forceinline__ float expm1f(float __x)
{
    float __xc = __x > 88.8f ? 88.8f : __x;
    __xc = __xc < -20.0f ? -20.0f : __xc;
    float __j = rintf(fmaf(__xc, 1.442695022e+00f, -0.085f));
    float __r = fmaf(__j, -6.931457520e-01f, __xc);
    __r = fmaf(__j, -1.428606820e-06f, __r);
    float __q = __OXM_FEXPM1_C4;
    __q = fmaf(__q, __r, __OXM_FEXPM1_C3);
    __q = fmaf(__q, __r, __OXM_FEXPM1_C2);
    __q = fmaf(__q, __r, __OXM_FEXPM1_C1);
    __q = fmaf(__q, __r, __OXM_FEXPM1_C0);
    /* e + el = expm1 r = r + r^2 (1/2 + r q) as a two-float: the square, the product and
     * the sum (Fast2Sum: |r| > r^2) with their errors. For j = -1 and r near its top
     * (x just below ln 3/4) the result 2^-1 (1 + e) - 1 cancels to a third of its terms,
     * so e's rounding error counted 1.2 ulp (x = -0.28768 on the GPU); there
     * fma(s, e, s - 1/2) is exact and el enters with the last rounding. */
    float __pp = fmaf(__r, __q, 0.5f);
    float __r2 = __fmul_rn(__r, __r);
    float __r2l = fmaf(__r, __r, -__r2);
    float __t = __fmul_rn(__r2, __pp);
    float __tl = fmaf(__r2l, __pp, fmaf(__r2, __pp, -__t));
    float __e = __fadd_rn(__r, __t);
    float __el = __fadd_rn(__fsub_rn(__r, __e), __t) + __tl;
    float __s = __int_as_float(((int)__j + 126) << 23);
    float __big = 2.0f * fmaf(__s, __el, fmaf(__s, __e, __s - 0.5f));
    /* j > 24: 2^(j-1) - 1/2 is not a float. 2^j (1 + e - 2^-j) with 1 + e as a two-float
     * (Fast2Sum) and 2^-j folded into its low part, so the fma rounds once. */
    float __one = 1.0f + __e;
    float __lo = (__fsub_rn(1.0f, __one) + __e) + __el;
    __lo = __lo - __int_as_float((127 - (int)fminf(__j, 100.0f)) << 23);
    __big = __j > 24.0f ? 2.0f * fmaf(__s, __one, __s * __lo) : __big;
    /* j = 0: r = x exactly; x = -0 must stay -0 (e is +0 there). */
    return __j == 0.0f ? (__x == 0.0f ? __x : __e + __el) : __big;
}

/* e^a / 2 for a = |x| (or NaN). */
static __device__ __forceinline__ float __oxm_half_exp(float __a)
{
    __a = __a > 90.0f ? 90.0f : __a;
    float __j = rintf(__a * 1.442695022e+00f);
    float __t = fmaf(__a, 1.442695022e+00f, -__j);
    __t = fmaf(__a, 1.925963034e-08f, __t);
    return __oxm_exp2_scaled(__t, (int)__j - 1);
}

extern "C" __host__ __device__ __forceinline__ float coshf(float __x)
{
    float __e = __oxm_half_exp(fabsf(__x));
    return fmaf(0.25f, __oxicc_rcp_approx(__e), __e);
}

extern "C" __host__ __device__ __forceinline__ float sinhf(float __x)
{
    float __a = fabsf(__x);
    float __e = __oxm_half_exp(__a);
    float __big = copysignf(fmaf(-0.25f, __oxicc_rcp_approx(__e), __e), __x);
    float __u = __x * __x;
    float __q = __OXM_SINH_C3;
    __q = fmaf(__q, __u, __OXM_SINH_C2);
    __q = fmaf(__q, __u, __OXM_SINH_C1);
    __q = fmaf(__q, __u, __OXM_SINH_C0);
    float __small = fmaf(__x * __u, __q, __x);
    /* NaN takes the polynomial, which propagates it. */
    return !(__a >= 1.0f) ? __small : __big;
}

__host__ __device__ __forceinline__ float expm1(float __x) { return expm1f(__x); }
__host__ __device__ __forceinline__ float sinh(float __x) { return sinhf(__x); }
__host__ __device__ __forceinline__ float cosh(float __x) { return coshf(__x); }

namespace std {
using ::expm1f;
using ::sinhf;
using ::coshf;
using ::expm1;
using ::sinh;
using ::cosh;
}
