/* oxicc device math library: the argument reduction and the kernels of sinf, cosf, tanf
 * and sincosf. x = j * pi/2 + r with |r| <= pi/4: while |x| < 4096, Cody-Waite:
 * j = rint(x * 2/pi), r = x - j * pi/2 with pi/2 split in three floats subtracted by fma
 * (__oxm_trig_reduce, which says why r keeps its accuracy next to a multiple of pi/2);
 * beyond, Payne-Hanek (below). sin r and cos r are the minimax polynomials of coeffs.cuh;
 * the quadrant j mod 4 picks and signs them. */
#pragma once
#include <oxicc_math/coeffs.cuh>

/* The bits of 2/pi (computed with Machin's formula at 120 digits), after two zero words
 * that stand for the bits above the binary point: the bit of weight 2^-p (p >= 1) is bit
 * 63 + p counted from the top of the first word. */
static __device__ const unsigned int __oxm_2opi_bits[9] = {
    0x00000000u, 0x00000000u, 0xA2F9836Eu, 0x4E441529u, 0xFC2757D1u,
    0xF534DDC0u, 0xDB629599u, 0x3C439041u, 0xFE5163ABu,
};

/* 32 bits of the table from bit b (0 <= b < 32 * 8). */
static __device__ __forceinline__ unsigned int __oxm_2opi_window(int __b)
{
    unsigned long long __w = ((unsigned long long)__oxm_2opi_bits[__b >> 5] << 32) |
                             __oxm_2opi_bits[(__b >> 5) + 1];
    return (unsigned int)(__w >> (32 - (__b & 31)));
}

/* Payne-Hanek, for |x| >= 2^12 (and inf, NaN): |x| = m 2^e with m the 24-bit integer
 * significand. x 2/pi mod 4 needs only the bits of 2/pi from weight 2^-(e-1) down: those
 * above give multiples of 4 m. With 96 of them (V, aligned from the table), m V 2^-94 is
 * x 2/pi mod 4 + (under 2^-70): bits 95-94 of the 96-bit product are j mod 4 and the 94
 * below the fraction (the bits of the product above 96 are multiples of 4). The fraction
 * as a signed 64-bit fixed-point number (which rounds j to nearest), converted to two
 * floats and multiplied by a two-float pi/2, gives r to about 2^-40 relative even for
 * the floats closest to a multiple of pi/2 (|r| of about 2^-30 relative to x). Integer
 * arithmetic only: no double. */
static __device__ __noinline__ float __oxm_trig_reduce_far(float __x, int *__q)
{
    unsigned int __ix = __float_as_int(__x) & 0x7fffffff;
    int __b = (int)(__ix >> 23) - 150 + 62;
    unsigned int __m = (__ix & 0x7fffff) | 0x800000;
    unsigned int __a0 = __oxm_2opi_window(__b);
    unsigned int __a1 = __oxm_2opi_window(__b + 32);
    unsigned int __a2 = __oxm_2opi_window(__b + 64);
    unsigned long long __p2 = (unsigned long long)__m * __a2;
    unsigned long long __p1 = (unsigned long long)__m * __a1;
    unsigned long long __t = (__p2 >> 32) + (unsigned int)__p1;
    unsigned int __l0 = (unsigned int)__p2;
    unsigned int __l1 = (unsigned int)__t;
    unsigned int __l2 = (unsigned int)(__p1 >> 32) + (unsigned int)(__t >> 32) + __m * __a0;
    unsigned int __j = __l2 >> 30;
    unsigned long long __f = ((unsigned long long)((__l2 << 2) | (__l1 >> 30)) << 32) |
                             ((__l1 << 2) | (__l0 >> 30));
    /* The top bit set is a fraction of 1/2 or more: as a signed number it is the
     * fraction - 1, and j goes up by one. Halved so that rounding to float cannot reach
     * 2^63. */
    long long __fs = (long long)__f;
    __j += (unsigned int)(__fs < 0);
    __fs >>= 1;
    float __hi = (float)__fs;
    float __lo = (float)(__fs - (long long)__hi);
    __hi *= 1.084202172e-19f; /* 2^-63 */
    __lo *= 1.084202172e-19f;
    float __r = fmaf(__hi, 1.570796371e+00f, fmaf(__hi, -4.371138829e-08f, __lo * 1.570796371e+00f));
    int __neg = __float_as_int(__x) < 0;
    *__q = __neg ? -(int)__j : (int)__j;
    __r = __neg ? -__r : __r;
    return __ix >= 0x7f800000u ? __x - __x : __r;
}

/* r, and the quadrant in *__q. Below 4096, pi/2 = C1 + C2 + C3 + (1.06e-23) with C1 the
 * float nearest pi/2 and C2, C3 the floats nearest what is left (0x3FC90FDB, 0xB33BBD2E,
 * 0xA6F72CED), so j * pi/2 (j < 2^12) is known to 2.8e-20. The steps keep it:
 * - x - j C1 is exact: from 1/2 up both are multiples of 2^-24 and the difference is
 *   under 1 (below pi/4, j = 0);
 * - its difference with j C2 is exact when it is under 2^-24 (the first difference is a
 *   multiple of 2^-24, j C2 one of 2^-48), else rounded to 2^-24 relative;
 * - j C3 is then added with one rounding.
 * Next to a multiple of pi/2 (|r| down to about 1e-9 for these x) the result is r to about
 * half an ulp. (The former split, 1.5703125 + 4.8375e-4 + 7.5498e-8, knew pi/2 only to
 * 4.5e-15: up to 985 ulp of error there, found by the exhaustive GPU sweep,
 * tools/math-gpu-sweep.py.) */
static __device__ __forceinline__ float __oxm_trig_reduce(float __x, int *__q)
{
    float __j = rintf(__x * 6.366197467e-01f);
    float __r;
    if (fabsf(__x) < 4096.0f) {
        __r = fmaf(__j, -1.570796371e+00f, __x);
        __r = fmaf(__j, 4.371138829e-08f, __r);
        __r = fmaf(__j, 1.715124510e-15f, __r);
        *__q = (int)__j;
    } else {
        __r = __oxm_trig_reduce_far(__x, __q);
    }
    return __r;
}

static __device__ __forceinline__ float __oxm_sin_poly(float __r)
{
    float __u = __r * __r;
    float __p = __OXM_SIN_C3;
    __p = fmaf(__p, __u, __OXM_SIN_C2);
    __p = fmaf(__p, __u, __OXM_SIN_C1);
    __p = fmaf(__p, __u, __OXM_SIN_C0);
    return fmaf(__r * __u, __p, __r);
}

static __device__ __forceinline__ float __oxm_cos_poly(float __r)
{
    float __u = __r * __r;
    float __p = __OXM_COS_C3;
    __p = fmaf(__p, __u, __OXM_COS_C2);
    __p = fmaf(__p, __u, __OXM_COS_C1);
    __p = fmaf(__p, __u, __OXM_COS_C0);
    return fmaf(__u * __u, __p, fmaf(__u, -0.5f, 1.0f));
}

