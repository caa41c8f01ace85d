/* oxicc device math library: cyl_bessel_i0f, cyl_bessel_i1f, in float.
 *
 * |x| < 8: I0 = p0(z) and I1 = x p1(z), z = x^2, fits in z itself (centred at 0: every
 * coefficient positive, about 1/(4^k k!^2), so Horner adds positive terms) from
 * tools/mathconst/specialf.py, the value a two-float; z's rounding error zl enters to
 * first order through d ln I0/dz ~ 1/(2 sqrt(z + 4)) (d ln(I1/x)/dz ~ 1/(2 sqrt(z + 16))):
 * ignored, it would cost up to 0.5 ulp per unit of x/2. Beyond: e^a g(1/a)/sqrt(a) with g
 * a fit of I(x) e^-x sqrt(x) in u = 1/a on [0, 1/8], e^a as 2^t 2^(j-8) by expf.cuh's
 * accurate polynomial (not ex2.approx) times 256 last, so that the result overflows only
 * where I does (91.9, beyond e^a's own 88.7); 1/a and 1/sqrt(a) by rcp/rsqrt.approx and
 * a Newton step. a is clamped to 95 there (inf and the overflow come out of the last
 * product). */
#pragma once
#include <oxicc_math/expf.cuh>
#include <oxicc_math/specpolyf.cuh>

extern "C" __host__ __device__ double cyl_bessel_i0(double);
extern "C" __host__ __device__ double cyl_bessel_i1(double);

/* e^a g(1/a) / sqrt(a) for a >= 8, with g one of the two fits (__i1: I1's). */
static __device__ __forceinline__ float __oxm_besself_big(float __a, bool __i1)
{
    float __ac = fminf(__a, 95.0f);
    float __u = __oxicc_rcp_approx(__ac);
    __u = fmaf(__u, fmaf(-__ac, __u, 1.0f), __u);
    float __g = __i1 ? __oxm_i1f_g(__u - __OXM_I1F_G_C) : __oxm_i0f_g(__u - __OXM_I0F_G_C);
    float __r = __oxicc_rsqrt_approx(__ac);
    __r = fmaf(fmaf(-__ac * __r, __r, 1.0f), 0.5f * __r, __r);
    float __j = rintf(__ac * 1.442695022e+00f);
    float __t = fmaf(__ac, 1.442695022e+00f, -__j);
    __t = fmaf(__ac, 1.925963034e-08f, __t);
    float __e = __oxm_exp2_scaled(__t, (int)__j - 8);
    return (__e * (__g * __r)) * 256.0f;
}

extern "C" __host__ __device__ __forceinline__ float cyl_bessel_i0f(float __x)
{
    float __a = fabsf(__x);
    float __z = __fmul_rn(__a, __a);
    float __zl = fmaf(__a, __a, -__z);
    float __pl;
    float __ph = __oxm_i0f_z(__z, &__pl);
    float __d = 0.5f * __oxicc_rsqrt_approx(__z + 4.0f);
    float __small = __ph + fmaf(__ph, __zl * __d, __pl);
    float __r = __a < 8.0f ? __small : __oxm_besself_big(__a, false);
    return __x != __x ? __x : __r;
}

extern "C" __host__ __device__ __forceinline__ float cyl_bessel_i1f(float __x)
{
    float __a = fabsf(__x);
    float __z = __fmul_rn(__a, __a);
    float __zl = fmaf(__a, __a, -__z);
    float __pl;
    float __ph = __oxm_i1f_z(__z, &__pl);
    float __d = 0.5f * __oxicc_rsqrt_approx(__z + 16.0f);
    float __small = fmaf(__x, __ph, __x * fmaf(__ph, __zl * __d, __pl));
    float __r = __a < 8.0f ? __small : copysignf(__oxm_besself_big(__a, true), __x);
    return __x != __x ? __x : __r;
}
