/* oxicc device math library: double-double helpers (a value as hi + lo, |lo| <= ulp(hi)/2)
 * for the double functions that must round about once. The error-free transformations are
 * Knuth's TwoSum, Dekker's Fast2Sum (|a| >= |b| or a == 0) and the fma product
 * (Muller et al., Handbook of Floating-Point Arithmetic, ch. 4). The products that feed a
 * sum are __dmul_rn and the sums __dadd_rn, so no compiler may contract them into an fma,
 * which would break the exactness the transformations rely on. */
#pragma once

/* s + *e == a + b exactly. */
static __device__ __forceinline__ double __oxm_two_sum(double __a, double __b, double *__e)
{
    double __s = __dadd_rn(__a, __b);
    double __bb = __dsub_rn(__s, __a);
    *__e = __dadd_rn(__dsub_rn(__a, __dsub_rn(__s, __bb)), __dsub_rn(__b, __bb));
    return __s;
}

/* s + *e == a + b exactly when |a| >= |b| (or a == 0). */
static __device__ __forceinline__ double __oxm_fast_two_sum(double __a, double __b, double *__e)
{
    double __s = __dadd_rn(__a, __b);
    *__e = __dsub_rn(__b, __dsub_rn(__s, __a));
    return __s;
}

/* p + *e == a * b exactly (barring underflow). */
static __device__ __forceinline__ double __oxm_two_prod(double __a, double __b, double *__e)
{
    double __p = __dmul_rn(__a, __b);
    *__e = fma(__a, __b, -__p);
    return __p;
}

/* (ah + al) / (bh + bl) as hi + *lo, to about 2^-104 relative. */
static __device__ __forceinline__ double __oxm_dd_div(double __ah, double __al, double __bh,
                                                      double __bl, double *__lo)
{
    double __q = __ah / __bh;
    double __r = fma(-__q, __bh, __ah) + __al - __q * __bl;
    double __ql = __r / __bh;
    return __oxm_fast_two_sum(__q, __ql, __lo);
}

/* 2^n for n in [-1022, 1023], exactly. */
static __device__ __forceinline__ double __oxm_pow2d(int __n)
{
    return __longlong_as_double((long long)(__n + 1023) << 52);
}

/* v * 2^n rounded once (n in [-2100, 2100]): two exact powers of two, the second of which
 * rounds a subnormal result. */
static __device__ __forceinline__ double __oxm_scale2d(double __v, int __n)
{
    int __n1 = __n / 2;
    int __n2 = __n - __n1;
    __n1 = __n1 > 1023 ? 1023 : (__n1 < -1022 ? -1022 : __n1);
    __n2 = __n2 > 1023 ? 1023 : (__n2 < -1022 ? -1022 : __n2);
    return __v * __oxm_pow2d(__n1) * __oxm_pow2d(__n2);
}
