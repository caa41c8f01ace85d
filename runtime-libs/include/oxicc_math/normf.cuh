/* oxicc device math library: hypotf, rhypotf, norm3df, rnorm3df, norm4df, rnorm4df,
 * normf, rnormf (and the float overloads of hypot, rhypot), in float. The operands are
 * scaled by 2^-E, E the exponent of the largest (clamped to [-127, 126]), so the largest
 * is in [1, 4) (or tiny, for zeros and subnormals) and the sum of squares neither
 * overflows nor underflows in a way that matters (an operand 2^24 times smaller than the
 * largest adds under an ulp). The sum is fma-accumulated, the square root (reciprocal
 * square root) is rsqrt.approx with a Newton correction, and the result is scaled back
 * by two exact powers of two, so an overflowing or subnormal result is rounded once.
 * Any infinite operand gives inf (0 for the reciprocals), even with a NaN beside it. */
#pragma once

extern "C" __host__ __device__ double hypot(double, double);
extern "C" __host__ __device__ double rhypot(double, double);

/* 2^-E for the largest magnitude m (NaN is ignored by fmaxf before this). */
static __device__ __forceinline__ int __oxm_norm_exp(float __m)
{
    int __e = (int)(__float_as_int(__m) >> 23) - 127;
    return __e > 126 ? 126 : __e;
}

static __device__ __forceinline__ float __oxm_pow2(int __e)
{
    return __int_as_float((127 + __e) << 23);
}

/* sqrt s (r = 0) or 1/sqrt s (r = 1) of the scaled sum s, scaled back by 2^(+-E). */
static __device__ __forceinline__ float __oxm_norm_finish(float __s, int __e, int __r)
{
    float __rs = __oxicc_rsqrt_approx(__s);
    float __res;
    if (__r) {
        /* e = 1 - s r^2 to about 2^-46 (s r as a two-float), then one Newton step. */
        float __h = __s * __rs;
        float __hl = fmaf(__s, __rs, -__h);
        float __er = fmaf(-__hl, __rs, fmaf(-__h, __rs, 1.0f));
        __rs = fmaf(0.5f * __rs, __er, __rs);
        __res = __s == 0.0f ? __int_as_float(0x7f800000) : __rs;
        __e = -__e;
    } else {
        float __q = __s * __rs;
        __q = fmaf(fmaf(-__q, __q, __s), 0.5f * __rs, __q);
        __res = __s == 0.0f ? 0.0f : __q;
    }
    int __e1 = __e >> 1;
    return __res * __oxm_pow2(__e1) * __oxm_pow2(__e - __e1);
}

static __device__ __forceinline__ float __oxm_norm2(float __x, float __y, int __r)
{
    float __ax = fabsf(__x), __ay = fabsf(__y);
    int __e = __oxm_norm_exp(fmaxf(__ax, __ay));
    float __sc = __oxm_pow2(-__e);
    __ax *= __sc;
    __ay *= __sc;
    float __res = __oxm_norm_finish(fmaf(__ax, __ax, __ay * __ay), __e, __r);
    int __inf = __ax == __int_as_float(0x7f800000) || __ay == __int_as_float(0x7f800000);
    return __inf ? (__r ? 0.0f : __int_as_float(0x7f800000)) : __res;
}

static __device__ __forceinline__ float __oxm_norm4(float __x, float __y, float __z, float __w, int __r)
{
    float __ax = fabsf(__x), __ay = fabsf(__y), __az = fabsf(__z), __aw = fabsf(__w);
    int __e = __oxm_norm_exp(fmaxf(fmaxf(__ax, __ay), fmaxf(__az, __aw)));
    float __sc = __oxm_pow2(-__e);
    __ax *= __sc;
    __ay *= __sc;
    __az *= __sc;
    __aw *= __sc;
    float __s = fmaf(__ax, __ax, fmaf(__ay, __ay, fmaf(__az, __az, __aw * __aw)));
    float __res = __oxm_norm_finish(__s, __e, __r);
    float __i = __int_as_float(0x7f800000);
    int __inf = __ax == __i || __ay == __i || __az == __i || __aw == __i;
    return __inf ? (__r ? 0.0f : __i) : __res;
}

extern "C" __host__ __device__ __forceinline__ float hypotf(float __x, float __y) { return __oxm_norm2(__x, __y, 0); }
extern "C" __host__ __device__ __forceinline__ float rhypotf(float __x, float __y) { return __oxm_norm2(__x, __y, 1); }
extern "C" __host__ __device__ __forceinline__ float norm3df(float __x, float __y, float __z)
{
    return __oxm_norm4(__x, __y, __z, 0.0f, 0);
}
extern "C" __host__ __device__ __forceinline__ float rnorm3df(float __x, float __y, float __z)
{
    return __oxm_norm4(__x, __y, __z, 0.0f, 1);
}
extern "C" __host__ __device__ __forceinline__ float norm4df(float __x, float __y, float __z, float __w)
{
    return __oxm_norm4(__x, __y, __z, __w, 0);
}
extern "C" __host__ __device__ __forceinline__ float rnorm4df(float __x, float __y, float __z, float __w)
{
    return __oxm_norm4(__x, __y, __z, __w, 1);
}

/* The norm of dim floats (two passes: the largest magnitude, then the scaled sum). */
static __device__ __forceinline__ float __oxm_normn(int __dim, const float *__p, int __r)
{
    float __m = 0.0f;
    int __inf = 0;
    for (int __i = 0; __i < __dim; ++__i) {
        float __a = fabsf(__p[__i]);
        __m = fmaxf(__m, __a);
        __inf |= __a == __int_as_float(0x7f800000);
    }
    int __e = __oxm_norm_exp(__m);
    float __sc = __oxm_pow2(-__e);
    float __s = 0.0f;
    for (int __i = 0; __i < __dim; ++__i) {
        float __a = __p[__i] * __sc;
        __s = fmaf(__a, __a, __s);
    }
    float __res = __oxm_norm_finish(__s, __e, __r);
    return __inf ? (__r ? 0.0f : __int_as_float(0x7f800000)) : __res;
}

extern "C" __host__ __device__ __forceinline__ float normf(int __dim, const float *__p) { return __oxm_normn(__dim, __p, 0); }
extern "C" __host__ __device__ __forceinline__ float rnormf(int __dim, const float *__p) { return __oxm_normn(__dim, __p, 1); }

__host__ __device__ __forceinline__ float hypot(float __x, float __y) { return hypotf(__x, __y); }
__host__ __device__ __forceinline__ float rhypot(float __x, float __y) { return rhypotf(__x, __y); }

namespace std {
using ::hypotf;
using ::hypot;
}
