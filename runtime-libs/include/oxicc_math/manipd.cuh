/* oxicc device math library: the double manipulation functions frexp, ldexp, scalbn,
 * scalbln, ilogb, logb, modf, nextafter, fdim, nan (and the float ones not in misc.cuh:
 * scalblnf, ilogbf, logbf, modff, nextafterf, nanf). All exact. */
#pragma once
#include <oxicc_math/ddouble.cuh>
#include <oxicc_math/misc.cuh>

/* x = m 2^e with |m| in [1/2, 1); zero, inf and NaN come back unchanged with e = 0. */
extern "C" __host__ __device__ __forceinline__ double frexp(double __x, int *__e)
{
    double __a = fabs(__x);
    bool __sub = __a < 2.2250738585072014e-308;
    double __y = __sub ? __x * 18014398509481984.0 : __x;
    long long __iy = __double_as_longlong(__y);
    int __ex = (int)((__iy >> 52) & 0x7ff) - 1022 - (__sub ? 54 : 0);
    double __m = __longlong_as_double((__iy & 0x800fffffffffffffLL) | 0x3fe0000000000000LL);
    bool __keep = __x == 0.0 || !(__a < __longlong_as_double(0x7ff0000000000000LL));
    *__e = __keep ? 0 : __ex;
    return __keep ? __x : __m;
}

/* x 2^n rounded once: n clamped (beyond +-2200 the result is 0 or inf anyway) and
 * applied in four exact powers of two, the last of which rounds. */
extern "C" __host__ __device__ __forceinline__ double ldexp(double __x, int __n)
{
    __n = __n > 2200 ? 2200 : (__n < -2200 ? -2200 : __n);
    int __a = __n / 2;
    return __oxm_scale2d(__x * __oxm_pow2d(__a / 2) * __oxm_pow2d(__a - __a / 2), __n - __a);
}

extern "C" __host__ __device__ __forceinline__ double scalbn(double __x, int __n) { return ldexp(__x, __n); }

extern "C" __host__ __device__ __forceinline__ double scalbln(double __x, long __n)
{
    return ldexp(__x, (int)(__n > 4000 ? 4000 : (__n < -4000 ? -4000 : __n)));
}

extern "C" __host__ __device__ __forceinline__ float scalblnf(float __x, long __n)
{
    return ldexpf(__x, (int)(__n > 400 ? 400 : (__n < -400 ? -400 : __n)));
}

/* The unbiased exponent; ilogb(0) and ilogb(NaN) = INT_MIN (CUDA's FP_ILOGB0 and
 * FP_ILOGBNAN), ilogb(inf) = INT_MAX. */
extern "C" __host__ __device__ __forceinline__ int ilogb(double __x)
{
    int __e;
    frexp(__x, &__e);
    int __r = __e - 1;
    __r = (__x == 0.0 || __x != __x) ? (int)0x80000000 : __r;
    return fabs(__x) == __longlong_as_double(0x7ff0000000000000LL) ? 0x7fffffff : __r;
}

extern "C" __host__ __device__ __forceinline__ int ilogbf(float __x) { return ilogb((double)__x); }

/* logb(0) = -inf, of inf +inf, of NaN NaN. */
extern "C" __host__ __device__ __forceinline__ double logb(double __x)
{
    int __e;
    frexp(__x, &__e);
    double __a = fabs(__x);
    double __r = (double)(__e - 1);
    double __inf = __longlong_as_double(0x7ff0000000000000LL);
    __r = __x == 0.0 ? -__inf : __r;
    return (__a == __inf || __x != __x) ? __a : __r;
}

extern "C" __host__ __device__ __forceinline__ float logbf(float __x) { return (float)logb((double)__x); }

extern "C" __host__ __device__ __forceinline__ double modf(double __x, double *__i)
{
    double __t = trunc(__x);
    *__i = __t;
    double __f = fabs(__x) == __longlong_as_double(0x7ff0000000000000LL) ? 0.0 : __x - __t;
    return copysign(__f, __x);
}

extern "C" __host__ __device__ __forceinline__ float modff(float __x, float *__i)
{
    float __t = truncf(__x);
    *__i = __t;
    float __f = fabsf(__x) == __int_as_float(0x7f800000) ? 0.0f : __x - __t;
    return copysignf(__f, __x);
}

/* The next double after x toward y: one step of the integer representation. */
extern "C" __host__ __device__ __forceinline__ double nextafter(double __x, double __y)
{
    long long __ix = __double_as_longlong(__x);
    long long __d = ((__y > __x) == (__x >= 0.0)) ? 1 : -1;
    double __r = __x == 0.0 ? copysign(__longlong_as_double(1LL), __y) : __longlong_as_double(__ix + __d);
    __r = __x == __y ? __y : __r;
    return (__x != __x || __y != __y) ? __x + __y : __r;
}

extern "C" __host__ __device__ __forceinline__ float nextafterf(float __x, float __y)
{
    int __ix = __float_as_int(__x);
    int __d = ((__y > __x) == (__x >= 0.0f)) ? 1 : -1;
    float __r = __x == 0.0f ? copysignf(__int_as_float(1), __y) : __int_as_float(__ix + __d);
    __r = __x == __y ? __y : __r;
    return (__x != __x || __y != __y) ? __x + __y : __r;
}

extern "C" __host__ __device__ __forceinline__ double fdim(double __x, double __y)
{
    return __x > __y ? __x - __y : (__x <= __y ? 0.0 : __x + __y);
}

extern "C" __host__ __device__ __forceinline__ double nan(const char *__tag)
{
    return __longlong_as_double(0x7fffffffffffffffLL);
}

extern "C" __host__ __device__ __forceinline__ float nanf(const char *__tag)
{
    return __int_as_float(0x7fffffff);
}

__host__ __device__ __forceinline__ float frexp(float __x, int *__e) { return frexpf(__x, __e); }
__host__ __device__ __forceinline__ float ldexp(float __x, int __n) { return ldexpf(__x, __n); }
__host__ __device__ __forceinline__ float scalbn(float __x, int __n) { return scalbnf(__x, __n); }
__host__ __device__ __forceinline__ int ilogb(float __x) { return ilogbf(__x); }
__host__ __device__ __forceinline__ float logb(float __x) { return logbf(__x); }
__host__ __device__ __forceinline__ float modf(float __x, float *__i) { return modff(__x, __i); }
__host__ __device__ __forceinline__ float nextafter(float __x, float __y) { return nextafterf(__x, __y); }
__host__ __device__ __forceinline__ float fdim(float __x, float __y) { return fdimf(__x, __y); }

namespace std {
using ::frexp;
using ::ldexp;
using ::scalbn;
using ::scalbln;
using ::ilogb;
using ::logb;
using ::modf;
using ::nextafter;
using ::fdim;
using ::nan;
using ::nanf;
}
