/* oxicc device math library: erff, erfcf, normcdff, erfcxf (float code), and the float
 * overloads of erf, erfc, normcdf, erfcx. The double functions are erfd.cuh's. */
#pragma once
#include <oxicc_math/coeffs.cuh>
#include <oxicc_math/expf.cuh>

extern "C" __host__ __device__ double erf(double);
extern "C" __host__ __device__ double erfc(double);
extern "C" __host__ __device__ double normcdf(double);
extern "C" __host__ __device__ double erfcx(double);

/* erff in float: |x| < 1, x + x q(x^2) (minimax, coeffs.cuh); 1 <= |x| < 3.92,
 * 1 - e^p(|x|) with p the minimax fit of log erfc (coeffs.cuh; its error is a relative
 * error of erfc <= 0.16, so a small absolute error of erf); beyond, +-1 (erf rounds to 1
 * from 3.92). NaN takes the first branch and propagates. */
extern "C" __host__ __device__ __forceinline__ float erff(float __x)
{
    float __a = fabsf(__x);
    float __u = __x * __x;
    float __q = __OXM_ERFF_C6;
    __q = fmaf(__q, __u, __OXM_ERFF_C5);
    __q = fmaf(__q, __u, __OXM_ERFF_C4);
    __q = fmaf(__q, __u, __OXM_ERFF_C3);
    __q = fmaf(__q, __u, __OXM_ERFF_C2);
    __q = fmaf(__q, __u, __OXM_ERFF_C1);
    __q = fmaf(__q, __u, __OXM_ERFF_C0);
    float __small = fmaf(__x, __q, __x);
    float __b = fminf(__a, 3.92f);
    float __p = __OXM_LNERFC_C9;
    __p = fmaf(__p, __b, __OXM_LNERFC_C8);
    __p = fmaf(__p, __b, __OXM_LNERFC_C7);
    __p = fmaf(__p, __b, __OXM_LNERFC_C6);
    __p = fmaf(__p, __b, __OXM_LNERFC_C5);
    __p = fmaf(__p, __b, __OXM_LNERFC_C4);
    __p = fmaf(__p, __b, __OXM_LNERFC_C3);
    __p = fmaf(__p, __b, __OXM_LNERFC_C2);
    __p = fmaf(__p, __b, __OXM_LNERFC_C1);
    __p = fmaf(__p, __b, __OXM_LNERFC_C0);
    /* expf.cuh's accurate polynomial exponential, not expf (ex2.approx): its error on
     * the hardware would take about 0.7 ulp of erf's 2. */
    float __big = __a >= 3.92f ? 1.0f : 1.0f - __oxm_exp_base(__p, 1.442695022e+00f, 1.925963034e-08f, -105.0f, 90.0f);
    return !(__a >= 1.0f) ? __small : copysignf(__big, __x);
}

/* erfcf in float. |x| < 1/2: 1 - erf x with erff's polynomial (erfc is 0.48 to 1.52
 * there). Beyond, erfc |x| = e^(-x^2) q: e^(-x^2) from x^2 = s + e (exact, fma) as
 * e^(-s) (1 - e) with expf.cuh's accurate polynomial (not ex2.approx), the products
 * carried as two-floats so that the result is rounded once more; q the minimax
 * fit of coeffs.cuh for the range: in x - 5/4 up to 2, in x - 3 up to 4, and
 * q(1/x^2)/x up to 10.06, where erfc underflows to 0. Negative x: 2 - erfc |x|. */
static __device__ __forceinline__ float __oxm_erfc2(float __x, float __xl)
{
    float __a = fabsf(__x);
    float __u = __x * __x;
    float __q = __OXM_ERFF_C6;
    __q = fmaf(__q, __u, __OXM_ERFF_C5);
    __q = fmaf(__q, __u, __OXM_ERFF_C4);
    __q = fmaf(__q, __u, __OXM_ERFF_C3);
    __q = fmaf(__q, __u, __OXM_ERFF_C2);
    __q = fmaf(__q, __u, __OXM_ERFF_C1);
    __q = fmaf(__q, __u, __OXM_ERFF_C0);
    float __small = 1.0f - fmaf(__x, __q, __x);
    float __ac = fminf(__a, 10.06f);
    float __s = __ac * __ac;
    /* x^2 = s + se with the low part xl of a two-float argument: 2 x xl more. */
    float __se = fmaf(2.0f * __x, __xl, fmaf(__ac, __ac, -__s));
    float __e0 = __oxm_exp_base(-__s, 1.442695022e+00f, 1.925963034e-08f, -105.0f, 90.0f);
    /* erfc = e0 (p + pl) (1 - se), with one rounding at the end: w + wl = e0 (p + pl)
     * by an fma, and the small terms summed first. */
    float __p, __pl = 0.0f;
    if (__ac < 2.0f) {
        float __t = __ac - 1.25f;
        __p = __OXM_ERFCX_A_C10;
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C9);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C8);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C7);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C6);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C5);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C4);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C3);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C2);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C1);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C0);
    } else if (__ac < 4.0f) {
        float __t = __ac - 3.0f;
        __p = __OXM_ERFCX_B_C9;
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C8);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C7);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C6);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C5);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C4);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C3);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C2);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C1);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C0);
    } else {
        float __r = __oxicc_rcp_approx(__ac);
        __r = fmaf(__r, fmaf(-__ac, __r, 1.0f), __r);
        float __v = __r * __r;
        __p = __OXM_ERFCX_C_C5;
        __p = fmaf(__p, __v, __OXM_ERFCX_C_C4);
        __p = fmaf(__p, __v, __OXM_ERFCX_C_C3);
        __p = fmaf(__p, __v, __OXM_ERFCX_C_C2);
        __p = fmaf(__p, __v, __OXM_ERFCX_C_C1);
        __p = fmaf(__p, __v, __OXM_ERFCX_C_C0);
        float __ph = __p * __r;
        __pl = fmaf(__p, __r, -__ph);
        __p = __ph;
    }
    float __w = __e0 * __p;
    float __wl = fmaf(__e0, __p, -__w);
    __wl = fmaf(__e0, __pl, __wl);
    __wl = fmaf(-__w, __se, __wl);
    float __big = __a >= 10.06f ? 0.0f : __w + __wl;
    float __r = __x < 0.0f ? 2.0f - __big : __big;
    __r = __a < 0.5f ? __small : __r;
    return __x != __x ? __x : __r;
}

extern "C" __host__ __device__ __forceinline__ float erfcf(float __x) { return __oxm_erfc2(__x, 0.0f); }

/* normcdf x = erfc(-x / sqrt 2) / 2, in float: -x / sqrt 2 as a two-float (its rounding
 * error would cost 2 y^2 2^-24 relative in the tail, 12 ulp at y = 10), whose low part
 * __oxm_erfc2 folds into e^(-y^2). */
extern "C" __host__ __device__ __forceinline__ float normcdff(float __x)
{
    float __y = __x * -7.071067691e-01f;
    float __yl = fmaf(__x, -7.071067691e-01f, -__y);
    __yl = fmaf(__x, -1.210161749e-08f, __yl);
    return 0.5f * __oxm_erfc2(__y, __yl);
}

/* erfcxf in float (session 11; it was the double erfcx rounded once). |x| < 1/2: the
 * minimax fit of erfcx itself (coeffs.cuh). Up to 4, erfcf's fits of e^(x^2) erfc x in
 * x - 5/4 and x - 3; beyond, a fit q(1/x^2)/x made for erfcx, which holds to infinity
 * (q(0) = 1/sqrt(pi); inf gives 0). x <= -1/2: 2 e^(x^2) - erfcx |x|, with e^(x^2) from
 * x^2 = s + se (exact, fma) as e^s (1 + se), expf.cuh's accurate polynomial exponential
 * (not ex2.approx), as 2 (e^(x^2) - erfcx|x| / 2) so that only the final doubling can
 * overflow (from x = -9.3827; below -9.4 the exponential itself would: inf there). NaN
 * passes through. */
extern "C" __host__ __device__ __forceinline__ float erfcxf(float __x)
{
    float __a = fabsf(__x);
    float __p;
    if (__a < 0.5f) {
        __p = __OXM_ERFCX_S_C9;
        __p = fmaf(__p, __x, __OXM_ERFCX_S_C8);
        __p = fmaf(__p, __x, __OXM_ERFCX_S_C7);
        __p = fmaf(__p, __x, __OXM_ERFCX_S_C6);
        __p = fmaf(__p, __x, __OXM_ERFCX_S_C5);
        __p = fmaf(__p, __x, __OXM_ERFCX_S_C4);
        __p = fmaf(__p, __x, __OXM_ERFCX_S_C3);
        __p = fmaf(__p, __x, __OXM_ERFCX_S_C2);
        __p = fmaf(__p, __x, __OXM_ERFCX_S_C1);
        return fmaf(__p, __x, __OXM_ERFCX_S_C0);
    }
    if (__a < 2.0f) {
        float __t = __a - 1.25f;
        __p = __OXM_ERFCX_A_C10;
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C9);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C8);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C7);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C6);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C5);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C4);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C3);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C2);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C1);
        __p = fmaf(__p, __t, __OXM_ERFCX_A_C0);
    } else if (__a < 4.0f) {
        float __t = __a - 3.0f;
        __p = __OXM_ERFCX_B_C9;
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C8);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C7);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C6);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C5);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C4);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C3);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C2);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C1);
        __p = fmaf(__p, __t, __OXM_ERFCX_B_C0);
    } else {
        float __r = __oxicc_rcp_approx(__a);
        __r = fmaf(__r, fmaf(-__a, __r, 1.0f), __r);
        float __v = __r * __r;
        __p = __OXM_ERFCX_D_C5;
        __p = fmaf(__p, __v, __OXM_ERFCX_D_C4);
        __p = fmaf(__p, __v, __OXM_ERFCX_D_C3);
        __p = fmaf(__p, __v, __OXM_ERFCX_D_C2);
        __p = fmaf(__p, __v, __OXM_ERFCX_D_C1);
        __p = fmaf(__p, __v, __OXM_ERFCX_D_C0);
        /* +inf: the Newton step's inf * 0 would be NaN. */
        __p = __a == __int_as_float(0x7f800000) ? 0.0f : __p * __r;
    }
    if (__x < 0.0f) {
        if (__x < -9.4f)
            return __int_as_float(0x7f800000);
        float __s = __x * __x;
        float __se = fmaf(__x, __x, -__s);
        float __e = __oxm_exp_base(__s, 1.442695022e+00f, 1.925963034e-08f, -105.0f, 90.0f);
        __p = 2.0f * fmaf(__e, __se, __e - 0.5f * __p);
    }
    return __p;
}

__host__ __device__ __forceinline__ float erf(float __x) { return erff(__x); }
__host__ __device__ __forceinline__ float erfc(float __x) { return erfcf(__x); }
__host__ __device__ __forceinline__ float normcdf(float __x) { return normcdff(__x); }
__host__ __device__ __forceinline__ float erfcx(float __x) { return erfcxf(__x); }

namespace std {
using ::erff;
using ::erfcf;
using ::erf;
using ::erfc;
}
