/* oxicc device math library: fmod, remainder, remquo (double) and fmodf, remainderf,
 * remquof; all exact.
 *
 * fmod: both operands as integer significands m 2^e; the larger significand is reduced
 * modulo the smaller ten exponent steps at a time ((m << 10) % my stays below 2^63), so
 * at most about 205 steps for doubles, 28 for floats (done in double, where a float's
 * fmod is exact). remainder(x, y) = sign(x) rem(|x|, |y|) (rem negative when the quotient
 * rounds up, so the sign is not x's) from t = fmod(|x|, 2|y|): the
 * quotient's parity is in t, and t - |y|, t - 2|y| are exact (Sterbenz). */
#pragma once
#include <oxicc_math/ddouble.cuh>

extern "C" __host__ __device__ __forceinline__ double fmod(double __x, double __y)
{
    long long __ix = __double_as_longlong(__x) & 0x7fffffffffffffffLL;
    long long __iy = __double_as_longlong(__y) & 0x7fffffffffffffffLL;
    double __r = __x;
    if (__ix >= __iy) {
        int __ex = (int)(__ix >> 52), __ey = (int)(__iy >> 52);
        long long __mx = __ix & 0xfffffffffffffLL, __my = __iy & 0xfffffffffffffLL;
        if (__ex == 0)
            __ex = 1;
        else
            __mx |= 0x10000000000000LL;
        if (__ey == 0)
            __ey = 1;
        else
            __my |= 0x10000000000000LL;
        if (__my != 0 && __ex < 2047) {
            while (__ex > __ey) {
                int __d = __ex - __ey;
                __d = __d > 10 ? 10 : __d;
                __mx = (__mx << __d) % __my;
                __ex -= __d;
            }
            __mx %= __my;
        }
        __r = copysign(__oxm_scale2d((double)__mx, __ey - 1075), __x);
    }
    /* NaN for y = 0, x = inf, or a NaN operand; x for y = inf. */
    bool __nan = __iy == 0 || __ix >= 0x7ff0000000000000LL || __iy > 0x7ff0000000000000LL;
    return __nan ? __longlong_as_double(0x7fffffffffffffffLL) : __r;
}

extern "C" __host__ __device__ __forceinline__ double remainder(double __x, double __y)
{
    double __a = fabs(__y);
    double __t = fmod(fabs(__x), 2.0 * __a);
    double __h = 0.5 * __a;
    double __u = __t - __a;
    __u = __u >= __h ? __u - __a : __u;
    double __r = __t > __h ? __u : __t;
    /* fmod's NaNs carry over; y = inf gives t = |x| and x back; a 2|y| that overflows
     * gives t = |x| too, which is right since |x| < 2|y|. */
    /* sign(x) rem(|x|, |y|), where rem may be negative: not copysign. */
    return __double_as_longlong(__x) < 0 ? -__r : __r;
}

/* remquo: the remainder, and in *quo the low bits of the quotient n (rounded to
 * nearest, ties to even) with the sign of x/y: from t = fmod(|x|, 8|y|) (exact), 4|y|,
 * 2|y|, |y| are subtracted where they fit (each difference exact by Sterbenz), which
 * gives n mod 8, then t > |y| - t rounds up (|y| - t is exact where the comparison is
 * close). NaN results (x infinite, y = 0, a NaN) give quo = 0; y infinite gives x and 0. */
extern "C" __host__ __device__ __forceinline__ double remquo(double __x, double __y, int *__quo)
{
    double __a = fabs(__y);
    double __t = fmod(fabs(__x), 8.0 * __a);
    int __k = 0;
    if (__t >= 4.0 * __a) {
        __t -= 4.0 * __a;
        __k += 4;
    }
    if (__t >= 2.0 * __a) {
        __t -= 2.0 * __a;
        __k += 2;
    }
    if (__t >= __a) {
        __t -= __a;
        __k += 1;
    }
    double __h = __a - __t;
    if (__t > __h || (__t == __h && (__k & 1))) {
        __t -= __a;
        __k += 1;
    }
    __k = __t != __t ? 0 : __k;
    *__quo = ((__double_as_longlong(__x) ^ __double_as_longlong(__y)) < 0) ? -__k : __k;
    return __double_as_longlong(__x) < 0 ? -__t : __t;
}

extern "C" __host__ __device__ __forceinline__ float remquof(float __x, float __y, int *__quo)
{
    return (float)remquo((double)__x, (double)__y, __quo);
}

extern "C" __host__ __device__ __forceinline__ float fmodf(float __x, float __y)
{
    return (float)fmod((double)__x, (double)__y);
}

extern "C" __host__ __device__ __forceinline__ float remainderf(float __x, float __y)
{
    return (float)remainder((double)__x, (double)__y);
}

__host__ __device__ __forceinline__ float fmod(float __x, float __y) { return fmodf(__x, __y); }
__host__ __device__ __forceinline__ float remainder(float __x, float __y) { return remainderf(__x, __y); }
__host__ __device__ __forceinline__ float remquo(float __x, float __y, int *__q) { return remquof(__x, __y, __q); }

namespace std {
using ::fmod;
using ::fmodf;
using ::remainder;
using ::remainderf;
using ::remquo;
using ::remquof;
}
