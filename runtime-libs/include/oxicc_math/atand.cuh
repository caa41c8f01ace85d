/* oxicc device math library: the double atan, atan2, asin, acos (the float versions are
 * float code: atanf.cuh).
 *
 * atan, asin, acos (session 14): one polynomial each on a reduced range, no division.
 * atan x = pi/2 - atan(1/|x|) beyond 1, with 1/|x| from rcp.approx and one cubic Newton
 * step; atan t = t + t z Q(z), z = t^2, on [0, 1]. asin and acos share asin s = s + s z
 * P(z), z = s^2, s in [0, 1/2]: below 1/2 s = |x|; from 1/2 on, asin |x| = pi/2 - 2 asin s
 * with s = sqrt((1 - |x|)/2) (z = (1 - |x|)/2 is exact there), s as a double-double from
 * rsqrt.approx and two Newton steps. Every result is C + m (s + tail) for a constant C
 * (0, pi/2, pi as two doubles) and m in {+-1, +-2}: m s is exact, C + m s is added by
 * Fast2Sum (|m s| <= 1 <= C or C = 0) and the small terms join before the last rounding,
 * so the result is rounded about once. Q and P are ours (tools/mathconst/invtrigd.py,
 * invtrigpoly.cuh); the structure (a reciprocal and one polynomial on [0, 1] for atan,
 * the half-angle identity for asin) is the classical one (Muller, Elementary Functions).
 *
 * atan2 (session 15) is atan on the quotient of the smaller and the larger operand, and
 * the quadrant added in the same join (see atan2 below). */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/invtrigpoly.cuh>

/* C + m (s + tail) rounded about once, with C = ch + cl (0 or at least |m s|) and m s
 * exact: Fast2Sum of ch and m s, then the small terms. */
static __device__ __forceinline__ double __oxm_invtrig_join(double __ch, double __cl, double __m,
                                                            double __s, double __tail)
{
    double __h = __m * __s;
    double __r = __ch + __h;
    double __e = (__ch - __r) + __h;
    return __r + (__e + fma(__m, __tail, __cl));
}

extern "C" __host__ __device__ __forceinline__ double atan(double __x)
{
    double __a = fabs(__x);
    bool __big = __a > 1.0;
    /* 1/a: rcp.approx (about 2^-23) and a cubic Newton step (e + e^2). Beyond 2^1022 the
     * ftz approximation is 0, and so is t (atan is pi/2 there); the min keeps inf out of
     * the step (inf * 0). */
    double __b = fmin(__a, __longlong_as_double(0x7fe0000000000000LL));
    double __r = __oxm_rcp_newton(__b);
    double __t = __big ? __r : __a;
    double __z = __t * __t;
    double __tail = __t * __z * __oxm_atan_q(__z);
    double __v = __oxm_invtrig_join(__big ? __OXM_PIO2_HI : 0.0, __big ? __OXM_PIO2_LO : 0.0,
                                    __big ? -1.0 : 1.0, __t, __tail);
    return copysign(__v, __x);
}

/* atan2 on atan's polynomial (session 15): with a = |y|, b = |x|, t = min/max in [0, 1]
 * is a quotient without division (rcp.approx of the larger, one cubic Newton step, and
 * its low part from the residual min - t max, exact by fma), atan t = t + t z Q(z) as in
 * atan, and the quadrant is C + m atan t: C = 0, pi/2 or pi, m = +-1 (pi/2 - atan t where
 * |y| > |x|, pi - that for x < 0), added as in atan by Fast2Sum and rounded about once.
 * Both operands are scaled by 2^-+600 where the larger is beyond 2^+-1000, so that its
 * reciprocal is normal (rcp.approx.ftz flushes): exact, except for a smaller operand that
 * falls below 2^-1022, where t is below 2^-1422 and rounds to 0 anyway. Before, a
 * double-double quotient by an IEEE division and a double-double atan (366 SASS against
 * nvcc's 193). */
extern "C" __host__ __device__ __forceinline__ double atan2(double __y, double __x)
{
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    double __a = fabs(__y), __b = fabs(__x);
    bool __swap = __a > __b;
    double __mn = __swap ? __b : __a, __mx = __swap ? __a : __b;
    double __sc = __mx > 1e300 ? 2.409919865102884e-181 : (__mx < 1e-300 ? 4.149515568880993e+180 : 1.0);
    __mn = __mn * __sc;
    __mx = __mx * __sc;
    double __r = __oxm_rcp_newton(__mx);
    double __t = __mn * __r;
    double __tl = fma(-__t, __mx, __mn) * __r;
    /* 0/0 is 0, x/inf 0 and inf/inf 1 (the residual is NaN in all three). */
    bool __odd = __mx == 0.0 || __mx == __inf;
    __t = __odd ? (__mn == __inf ? 1.0 : 0.0) : __t;
    __tl = __odd ? 0.0 : __tl;
    double __z = __t * __t;
    /* atan(t + tl) = atan t + tl/(1 + z), to first order. */
    double __tail = fma(__t * __z, __oxm_atan_q(__z), fma(-__tl, __z, __tl));
    bool __neg = __double_as_longlong(__x) < 0;
    double __ch = __swap ? __OXM_PIO2_HI : (__neg ? __OXM_PI_HI : 0.0);
    double __cl = __swap ? __OXM_PIO2_LO : (__neg ? __OXM_PI_LO : 0.0);
    double __v = __oxm_invtrig_join(__ch, __cl, __swap != __neg ? -1.0 : 1.0, __t, __tail);
    __v = copysign(__v, __y);
    return (__x != __x || __y != __y) ? __x + __y : __v;
}

/* asin (acos false) or acos of x as C + m (s + tail) (see the top). */
static __device__ __forceinline__ double __oxm_asin_acos(double __x, bool __acos)
{
    double __a = fabs(__x);
    bool __small = __a < 0.5;
    /* (1 - a)/2, exact from 1/2 to 1 (Sterbenz); negative beyond 1 (NaN below). */
    double __w = fma(-0.5, __a, 0.5);
    /* sqrt(w) = s1 + sl: rsqrt.approx y, s0 = w y, two Newton steps on the residual
     * w - s^2 (fma), the second kept as the low part (about 2^-66 relative). */
    double __y = __oxicc_rsqrt_approx_d(__w);
    double __hy = 0.5 * __y;
    double __s0 = __w * __y;
    double __s1 = fma(fma(-__s0, __s0, __w), __hy, __s0);
    double __sl = fma(-__s1, __s1, __w) * __hy;
    /* w = 0 (|x| = 1): rsqrt is inf and w y NaN. */
    bool __one = __w == 0.0;
    double __s = __small ? __a : (__one ? 0.0 : __s1);
    __sl = (__small || __one) ? 0.0 : __sl;
    double __z = __small ? __a * __a : __w;
    double __tail = fma(__s * __z, __oxm_asin_p(__z), __sl);
    bool __neg = __x < 0.0;
    double __ch, __cl, __m;
    if (!__acos) {
        /* asin |x| = asin s, or pi/2 - 2 asin s; the sign last. */
        __ch = __small ? 0.0 : __OXM_PIO2_HI;
        __cl = __small ? 0.0 : __OXM_PIO2_LO;
        __m = __small ? 1.0 : -2.0;
    } else {
        /* acos x = pi/2 -+ asin s; 2 asin s, or pi - 2 asin s for x < 0. */
        __ch = __small ? __OXM_PIO2_HI : (__neg ? __OXM_PI_HI : 0.0);
        __cl = __small ? __OXM_PIO2_LO : (__neg ? __OXM_PI_LO : 0.0);
        __m = __small ? (__neg ? 1.0 : -1.0) : (__neg ? -2.0 : 2.0);
    }
    double __v = __oxm_invtrig_join(__ch, __cl, __m, __s, __tail);
    return __acos ? __v : copysign(__v, __x);
}

extern "C" __host__ __device__ __forceinline__ double asin(double __x)
{
    return __oxm_asin_acos(__x, false);
}

extern "C" __host__ __device__ __forceinline__ double acos(double __x)
{
    return __oxm_asin_acos(__x, true);
}

namespace std {
using ::atan;
using ::asin;
using ::acos;
using ::atan2;
}
