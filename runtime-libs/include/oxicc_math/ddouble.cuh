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

/* sqrt(h + l) for a normal h > 0 and |l| <= ulp(h), rounded about once, with no sqrt.rn
 * and no division (session 14; both are long SASS sequences): rsqrt.approx (about 2^-22)
 * and one Newton step give y = 1/sqrt(h) to about 2^-43, s = h y, and a last step on
 * the residual h - s^2 + l (fma: exact to 2^-95 of h) leaves about 2^-86. For the double
 * hypot and norms (rootd.cuh, normd.cuh). */
static __device__ __forceinline__ double __oxm_sqrt_dd(double __h, double __l)
{
    double __y = __oxicc_rsqrt_approx_d(__h);
    __y = fma(__y * 0.5, fma(-__h * __y, __y, 1.0), __y);
    double __s = __h * __y;
    double __d = fma(-__s, __s, __h) + __l;
    return fma(__d, 0.5 * __y, __s);
}

/* 1/sqrt(h + l) for a normal h > 0 with h^-1 normal and |l| <= ulp(h): rsqrt.approx,
 * one Newton step (about 2^-43), a last step on the residual 1 - (h + l) y^2 computed
 * to about 2^-98 (y^2 exact by fma), rounded once; no division or square root (session
 * 13: rhypot 332 SASS before). */
static __device__ __forceinline__ double __oxm_rsqrt_dd(double __h, double __l)
{
    double __y = __oxicc_rsqrt_approx_d(__h);
    __y = fma(__y * 0.5, fma(-__h * __y, __y, 1.0), __y);
    double __sl;
    double __sh = __oxm_two_prod(__y, __y, &__sl);
    double __d = fma(-__h, __sh, 1.0) - fma(__h, __sl, __l * __sh);
    return fma(__y * 0.5, __d, __y);
}

/* m^2 + n^2 for m >= n >= 0 (or m NaN or inf), scaled: h + *l = (m s)^2 + (n s)^2 with
 * s = *s a power of two that puts m s in [1/2, 16) (from the exponent field with its two
 * low bits cleared: three integer operations, no clamp), or 2^1022 for a zero or
 * subnormal m; *back = 1/s. The squares are exact (fma), their sum is Fast2Sum (the
 * larger first). For hypot (rootd.cuh) and rhypot (normd.cuh). */
static __device__ __forceinline__ double __oxm_hypot_sq(double __m, double __n, double *__l,
                                                        double *__s, double *__back)
{
    int __hm = (int)(__double_as_longlong(__m) >> 32) & -4194304; /* 0xffc00000 */
    double __sc = __longlong_as_double((long long)(0x7fd00000 - __hm) << 32);
    *__s = __sc;
    *__back = __longlong_as_double((long long)(__hm | 0x00100000) << 32);
    double __ms = __m * __sc, __ns = __n * __sc;
    double __pl, __ql;
    double __ph = __oxm_two_prod(__ms, __ms, &__pl);
    double __qh = __oxm_two_prod(__ns, __ns, &__ql);
    double __h = __ph + __qh;
    *__l = (__qh - (__h - __ph)) + (__pl + __ql);
    return __h;
}

/* 2^n for n in [-1022, 1023], exactly. */
static __device__ __forceinline__ double __oxm_pow2d(int __n)
{
    return __longlong_as_double((long long)(__n + 1023) << 52);
}

/* 1/d for d and 1/d normal: rcp.approx (about 2^-23, ftz: 0 beyond 2^1022, inf for a
 * subnormal d) and one cubic Newton step r (1 + e + e^2), e = 1 - d r (about 2^-69 before
 * the last rounding); no division. */
static __device__ __forceinline__ double __oxm_rcp_newton(double __d)
{
    double __r = __oxicc_rcp_approx_d(__d);
    double __e = fma(-__d, __r, 1.0);
    __e = fma(__e, __e, __e);
    return fma(__e, __r, __r);
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
