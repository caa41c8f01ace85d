/* oxicc device math library: powf (and the float overload of pow), in float.
 * |x|^y = 2^(y log2|x|): log2|x| = k + ln(m) log2(e) as a two-float sum from the
 * logarithm core (logcoref.cuh), the product with y as a two-float (fma), then
 * 2^p = 2^j 2^t with j = rint(p) clamped to [-126, 127] so that 2^j is a normal float,
 * 2^t by ex2.approx.ftz (as nvcc's powf), and one multiplication, which rounds a
 * subnormal result once. The clamp makes t large only where the result is subnormal
 * (or 0, or inf). Then C99's special cases: the sign for odd integer y and x < 0, NaN
 * for x < 0 finite and y not an integer, pow(x, +-0) = pow(1, y) = pow(-1, +-inf) = 1;
 * zeros and infinities of x come out of log2 0 = -inf and log2 inf = inf. */
#pragma once
#include <oxicc_math/logcoref.cuh>

extern "C" __host__ __device__ double pow(double, double);

extern "C" __host__ __device__ __forceinline__ float powf(float __x, float __y)
{
    float __inf = __int_as_float(0x7f800000);
    float __a = fabsf(__x);
    float __k, __l;
    float __h = __oxm_ln_core(__a, &__k, &__l);
    /* log2 a = k + (h + l) log2(e): the product with a two-float log2(e), then k added
     * by Fast2Sum (|k| >= 1 > |h log2 e| unless k = 0, where the sum is exact). The
     * _rn intrinsics keep the compilers from fusing the error terms. */
    float __ph = __fmul_rn(__h, 1.442695022e+00f);
    float __pl = fmaf(__h, 1.442695022e+00f, -__ph);
    __pl = fmaf(__h, 1.925963034e-08f, fmaf(__l, 1.442695022e+00f, __pl));
    float __s = __fadd_rn(__k, __ph);
    float __sl = __fsub_rn(__ph, __fsub_rn(__s, __k)) + __pl;
    float __lh = __fadd_rn(__s, __sl);
    float __ll = __fsub_rn(__sl, __fsub_rn(__lh, __s));
    int __fin = __a > 0.0f && __a < __inf;
    __lh = __fin ? __lh : (__a == 0.0f ? -__inf : __a);
    /* p + pl = y log2 a */
    float __p = __fmul_rn(__y, __lh);
    float __plo = fmaf(__y, __ll, fmaf(__y, __lh, -__p));
    float __j = fminf(fmaxf(rintf(__p), -126.0f), 127.0f);
    float __t = __fsub_rn(__p, __j) + __plo;
    /* |p| beyond any finite result (or NaN): 2^p itself is 0, inf or NaN. */
    __t = fabsf(__p) < 256.0f ? __t : __p;
    float __r = __oxicc_ex2_approx_ftz(__t) * __int_as_float(((int)__j + 127) << 23);
    int __yint = truncf(__y) == __y;
    int __yodd = __yint && fabsf(__y) < 16777216.0f && ((int)__y & 1);
    __r = (__float_as_int(__x) < 0 && __yodd) ? -__r : __r;
    __r = (__x < 0.0f && __x > -__inf && !__yint && __y == __y) ? __int_as_float(0x7fffffff) : __r;
    __r = (__y == 0.0f || __x == 1.0f || (__a == 1.0f && fabsf(__y) == __inf)) ? 1.0f : __r;
    return __r;
}

__host__ __device__ __forceinline__ float pow(float __x, float __y) { return powf(__x, __y); }

namespace std {
using ::powf;
using ::pow;
}
