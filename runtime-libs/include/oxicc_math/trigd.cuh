/* oxicc device math library: the double sin, cos, tan, sincos, and sinpi, cospi, sincospi
 * (their reduction x - j/2 is exact; the float sinpif & co. are in trigpif.cuh).
 *
 * x = j pi/2 + r, j = rint(x 2/pi), with pi/2 in four pieces, the first three of 33 bits
 * so that j times each is exact while |j| < 2^20 (Cody-Waite), and r kept as a
 * double-double: good to far below an ulp up to |x| ~ 1.6e6. Beyond 1e6, Payne-Hanek
 * in 64-bit integer arithmetic (__oxm_trigd_reduce_far, below). sin r and cos r are Taylor
 * polynomials (|r| <= pi/4: truncation below 2^-62), summed so the result rounds about
 * once; tan divides them in double-double. */
#pragma once
#include <oxicc_math/constd.cuh>
#include <oxicc_math/ddouble.cuh>

/* The bits of 2/pi (mpmath; `python3 tools/mathconst/special.py 2opi`) after a zero word
 * that stands for the bits above the binary point: the bit of weight 2^-p (p >= 1) is bit
 * 63 + p counted from the top of the first word. */
static __device__ const unsigned long long __oxm_2opi_bits64[21] = {
    0x0000000000000000ull,
    0xA2F9836E4E441529ull, 0xFC2757D1F534DDC0ull, 0xDB6295993C439041ull,
    0xFE5163ABDEBBC561ull, 0xB7246E3A424DD2E0ull, 0x06492EEA09D1921Cull,
    0xFE1DEB1CB129A73Eull, 0xE88235F52EBB4484ull, 0xE99C7026B45F7E41ull,
    0x3991D639835339F4ull, 0x9C845F8BBDF9283Bull, 0x1FF897FFDE05980Full,
    0xEF2F118B5A0A6D1Full, 0x6D367ECF27CB09B7ull, 0x4F463F669E5FEA2Dull,
    0x7527BAC7EBE5F17Bull, 0x3D0739F78A5292EAull, 0x6BFB5FB11F8D5D08ull,
    0x56033046FC7B6BABull, 0xF0CFBC209AF4361Dull
};

/* 64 bits of the table from bit b (0 <= b < 64 * 20). */
static __device__ __forceinline__ unsigned long long __oxm_2opi_window64(int __b)
{
    unsigned long long __hi = __oxm_2opi_bits64[__b >> 6];
    unsigned long long __lo = __oxm_2opi_bits64[(__b >> 6) + 1];
    int __s = __b & 63;
    return __s == 0 ? __hi : (__hi << __s) | (__lo >> (64 - __s));
}

/* Payne-Hanek for |x| > 1e6 (and inf, NaN): |x| = m 2^E with m the 53-bit integer
 * significand. x 2/pi mod 4 needs only the bits of 2/pi from weight 2^-(E-1) down (those
 * above give multiples of 4 m): with 192 of them (W, aligned from the table),
 * m W 2^-190 is x 2/pi mod 4 + (under 2^-137). Of the 245-bit product (three 64 x 64-bit
 * products, __umul64hi for their high halves), bits 191-190 are j mod 4 and the 128 below
 * the fraction, taken as a signed 128-bit fixed-point number (which rounds j to nearest);
 * it is converted to a double-double (exact in its top 64 bits) and multiplied by a
 * double-double pi/2. Even for the doubles closest to a multiple of pi/2 (r about 2^-61
 * relative to the quadrant) r keeps about 67 significant bits. */
static __device__ __noinline__ double __oxm_trigd_reduce_far(double __x, double *__rl, int *__q)
{
    unsigned long long __ix = (unsigned long long)__double_as_longlong(__x) & 0x7fffffffffffffffull;
    int __e = (int)(__ix >> 52) - 1075;
    unsigned long long __m = (__ix & 0xfffffffffffffull) | 0x10000000000000ull;
    int __b = 62 + __e;
    unsigned long long __w0 = __oxm_2opi_window64(__b);
    unsigned long long __w1 = __oxm_2opi_window64(__b + 64);
    unsigned long long __w2 = __oxm_2opi_window64(__b + 128);
    unsigned long long __p0 = __m * __w2;
    unsigned long long __h2 = __umul64hi(__m, __w2);
    unsigned long long __l1 = __m * __w1;
    unsigned long long __h1 = __umul64hi(__m, __w1);
    unsigned long long __l0 = __m * __w0;
    unsigned long long __p1 = __h2 + __l1;
    unsigned long long __c1 = __p1 < __l1 ? 1ull : 0ull;
    unsigned long long __p2 = __h1 + __l0 + __c1;
    unsigned long long __fh = (__p2 << 2) | (__p1 >> 62);
    unsigned long long __fl = (__p1 << 2) | (__p0 >> 62);
    /* j rounded to nearest: the fraction's top bit set means it is negative. */
    int __j = (int)(__p2 >> 62) + (int)(__fh >> 63);
    long long __sfh = (long long)__fh;
    /* f = sfh 2^-64 + fl 2^-128 as hi + lo: sfh in two exact halves. */
    double __a = (double)(__sfh >> 32) * 4294967296.0;
    double __bb = (double)(__fh & 0xffffffffull);
    double __fe;
    double __f = __oxm_two_sum(__a, __bb, &__fe);
    __fe += (double)__fl * 5.421010862427522e-20;
    __f *= 5.421010862427522e-20;
    __fe *= 5.421010862427522e-20;
    double __t = __oxm_fast_two_sum(__f, __fe, &__fe);
    double __pl;
    double __ph = __oxm_two_prod(__t, __OXM_PIO2_HI, &__pl);
    __pl = fma(__t, __OXM_PIO2_LO, fma(__fe, __OXM_PIO2_HI, __pl));
    double __rh = __oxm_fast_two_sum(__ph, __pl, __rl);
    if (__x < 0.0) {
        __rh = -__rh;
        *__rl = -*__rl;
        __j = -__j;
    }
    *__q = __j & 3;
    /* inf and NaN: NaN. */
    return __ix >= 0x7ff0000000000000ull ? __x - __x : __rh;
}

/* r = hi + *rl, and j mod 4 in *q. */
static __device__ __forceinline__ double __oxm_trigd_reduce(double __x, double *__rl, int *__q)
{
    if (fabs(__x) > 1.0e6)
        return __oxm_trigd_reduce_far(__x, __rl, __q);
    double __j = rint(__x * __OXM_2OPI);
    double __r1 = fma(__j, -__OXM_PIO2_1, __x);
    double __e2, __e3;
    double __r2 = __oxm_two_sum(__r1, __j * -__OXM_PIO2_2, &__e2);
    double __r3 = __oxm_two_sum(__r2, __j * -__OXM_PIO2_3, &__e3);
    *__q = (int)((long long)__j & 3);
    return __oxm_fast_two_sum(__r3, fma(__j, -__OXM_PIO2_4, __e2 + __e3), __rl);
}

/* sin(rh + rl) = hi + *lo. */
static __device__ __forceinline__ double __oxm_sind_kernel(double __rh, double __rl, double *__lo)
{
    double __z = __rh * __rh;
    double __p = __OXM_SIND_C9;
    __p = fma(__p, __z, __OXM_SIND_C8);
    __p = fma(__p, __z, __OXM_SIND_C7);
    __p = fma(__p, __z, __OXM_SIND_C6);
    __p = fma(__p, __z, __OXM_SIND_C5);
    __p = fma(__p, __z, __OXM_SIND_C4);
    __p = fma(__p, __z, __OXM_SIND_C3);
    __p = fma(__p, __z, __OXM_SIND_C2);
    __p = fma(__p, __z, __OXM_SIND_C1);
    double __t = fma(__rh * __z, __p, __rl * fma(__z, -0.5, 1.0));
    return __oxm_fast_two_sum(__rh, __t, __lo);
}

/* cos(rh + rl) = hi + *lo: w = 1 - rh^2/2 and its rounding error are exact. */
static __device__ __forceinline__ double __oxm_cosd_kernel(double __rh, double __rl, double *__lo)
{
    double __zl;
    double __z = __oxm_two_prod(__rh, __rh, &__zl);
    double __p = __OXM_COSD_C9;
    __p = fma(__p, __z, __OXM_COSD_C8);
    __p = fma(__p, __z, __OXM_COSD_C7);
    __p = fma(__p, __z, __OXM_COSD_C6);
    __p = fma(__p, __z, __OXM_COSD_C5);
    __p = fma(__p, __z, __OXM_COSD_C4);
    __p = fma(__p, __z, __OXM_COSD_C3);
    __p = fma(__p, __z, __OXM_COSD_C2);
    double __hz = 0.5 * __z;
    double __w = 1.0 - __hz;
    double __t = ((1.0 - __w) - __hz) - 0.5 * __zl;
    __t += fma(__z * __z, __p, -__rh * __rl);
    return __oxm_fast_two_sum(__w, __t, __lo);
}

extern "C" __host__ __device__ __forceinline__ double sin(double __x)
{
    int __q;
    double __rl, __lo;
    double __rh = __oxm_trigd_reduce(__x, &__rl, &__q);
    double __v = (__q & 1) ? __oxm_cosd_kernel(__rh, __rl, &__lo) : __oxm_sind_kernel(__rh, __rl, &__lo);
    __v = (__q & 2) ? -__v : __v;
    return __x == 0.0 ? __x : __v;
}

extern "C" __host__ __device__ __forceinline__ double cos(double __x)
{
    int __q;
    double __rl, __lo;
    double __rh = __oxm_trigd_reduce(__x, &__rl, &__q);
    double __v = (__q & 1) ? __oxm_sind_kernel(__rh, __rl, &__lo) : __oxm_cosd_kernel(__rh, __rl, &__lo);
    return ((__q + 1) & 2) ? -__v : __v;
}

extern "C" __host__ __device__ __forceinline__ void sincos(double __x, double *__s, double *__c)
{
    int __q;
    double __rl, __sl, __cl;
    double __rh = __oxm_trigd_reduce(__x, &__rl, &__q);
    double __sv = __oxm_sind_kernel(__rh, __rl, &__sl);
    double __cv = __oxm_cosd_kernel(__rh, __rl, &__cl);
    double __s0 = (__q & 1) ? __cv : __sv;
    double __c0 = (__q & 1) ? __sv : __cv;
    __s0 = (__q & 2) ? -__s0 : __s0;
    __c0 = ((__q + 1) & 2) ? -__c0 : __c0;
    *__s = __x == 0.0 ? __x : __s0;
    *__c = __c0;
}

/* tan = sin/cos in quadrants 0 and 2, -cos/sin in 1 and 3, divided in double-double. */
extern "C" __host__ __device__ __forceinline__ double tan(double __x)
{
    int __q;
    double __rl, __sl, __cl, __l;
    double __rh = __oxm_trigd_reduce(__x, &__rl, &__q);
    double __sv = __oxm_sind_kernel(__rh, __rl, &__sl);
    double __cv = __oxm_cosd_kernel(__rh, __rl, &__cl);
    double __v = (__q & 1) ? -__oxm_dd_div(__cv, __cl, __sv, __sl, &__l)
                           : __oxm_dd_div(__sv, __sl, __cv, __cl, &__l);
    return __x == 0.0 ? __x : __v;
}

/* x = j/2 + r exactly (|r| <= 1/4, j = rint(2x)), and pi r as a double-double. */
static __device__ __forceinline__ double __oxm_trigpi_reduce(double __x, double *__rl, int *__q)
{
    double __j = rint(2.0 * __x);
    double __r = fma(__j, -0.5, __x);
    /* Beyond 2^60, x is a multiple of 4 (and j of 8); the conversion would saturate. */
    *__q = fabs(__j) < 1.152921504606847e18 ? (int)((long long)__j & 3) : 0;
    double __pl;
    double __ph = __oxm_two_prod(__r, __OXM_PI_HI, &__pl);
    *__rl = fma(__r, __OXM_PI_LO, __pl);
    return __ph;
}

/* sin(pi x): exact reduction, so no Payne-Hanek is needed; integers give +-0 (the sign
 * of x), as do all |x| >= 2^52. */
extern "C" __host__ __device__ __forceinline__ double sinpi(double __x)
{
    int __q;
    double __rl, __lo;
    double __rh = __oxm_trigpi_reduce(__x, &__rl, &__q);
    double __v = (__q & 1) ? __oxm_cosd_kernel(__rh, __rl, &__lo) : __oxm_sind_kernel(__rh, __rl, &__lo);
    __v = (__q & 2) ? -__v : __v;
    __v = __v == 0.0 ? copysign(0.0, __x) : __v;
    return fabs(__x) == __longlong_as_double(0x7ff0000000000000LL) ? __x - __x : __v;
}

/* cos(pi x): half-integers give +0. */
extern "C" __host__ __device__ __forceinline__ double cospi(double __x)
{
    int __q;
    double __rl, __lo;
    double __rh = __oxm_trigpi_reduce(__x, &__rl, &__q);
    double __v = (__q & 1) ? __oxm_sind_kernel(__rh, __rl, &__lo) : __oxm_cosd_kernel(__rh, __rl, &__lo);
    __v = ((__q + 1) & 2) ? -__v : __v;
    __v = __v == 0.0 ? 0.0 : __v;
    return fabs(__x) == __longlong_as_double(0x7ff0000000000000LL) ? __x - __x : __v;
}

extern "C" __host__ __device__ __forceinline__ void sincospi(double __x, double *__s, double *__c)
{
    *__s = sinpi(__x);
    *__c = cospi(__x);
}

namespace std {
using ::sin;
using ::cos;
using ::tan;
}
