/* oxicc built-in header: the C math functions, float and double, as CUDA provides
 * them to device code (nvcc declares them __host__ __device__; CUDA adds rsqrt, rcbrt,
 * sinpi, cospi, exp10, erfinv, erfcinv, normcdf, normcdfinv, sincos). The compiler may
 * treat some as built-ins. C++ overloads (sqrt(float)) and std:: come with C++ support. */
#pragma once
#define HUGE_VALF __builtin_huge_valf()
#define HUGE_VAL __builtin_huge_val()
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

extern "C" __host__ __device__ double acos(double x);
extern "C" __host__ __device__ double acosh(double x);
extern "C" __host__ __device__ double asin(double x);
extern "C" __host__ __device__ double asinh(double x);
extern "C" __host__ __device__ double atan(double x);
extern "C" __host__ __device__ double atanh(double x);
extern "C" __host__ __device__ double cbrt(double x);
extern "C" __host__ __device__ double ceil(double x);
extern "C" __host__ __device__ double cos(double x);
extern "C" __host__ __device__ double cosh(double x);
extern "C" __host__ __device__ double erf(double x);
extern "C" __host__ __device__ double erfc(double x);
extern "C" __host__ __device__ double erfcinv(double x);
extern "C" __host__ __device__ double erfinv(double x);
extern "C" __host__ __device__ double exp(double x);
extern "C" __host__ __device__ double exp2(double x);
extern "C" __host__ __device__ double exp10(double x);
extern "C" __host__ __device__ double expm1(double x);
extern "C" __host__ __device__ double fabs(double x);
extern "C" __host__ __device__ double floor(double x);
extern "C" __host__ __device__ double lgamma(double x);
extern "C" __host__ __device__ double log(double x);
extern "C" __host__ __device__ double log10(double x);
extern "C" __host__ __device__ double log1p(double x);
extern "C" __host__ __device__ double log2(double x);
extern "C" __host__ __device__ double logb(double x);
extern "C" __host__ __device__ double nearbyint(double x);
extern "C" __host__ __device__ double rint(double x);
extern "C" __host__ __device__ double round(double x);
extern "C" __host__ __device__ double rsqrt(double x);
extern "C" __host__ __device__ double rcbrt(double x);
extern "C" __host__ __device__ double sin(double x);
extern "C" __host__ __device__ double sinh(double x);
extern "C" __host__ __device__ double sinpi(double x);
extern "C" __host__ __device__ double cospi(double x);
extern "C" __host__ __device__ double sqrt(double x);
extern "C" __host__ __device__ double tan(double x);
extern "C" __host__ __device__ double tanh(double x);
extern "C" __host__ __device__ double tgamma(double x);
extern "C" __host__ __device__ double trunc(double x);
extern "C" __host__ __device__ double j0(double x);
extern "C" __host__ __device__ double j1(double x);
extern "C" __host__ __device__ double y0(double x);
extern "C" __host__ __device__ double y1(double x);
extern "C" __host__ __device__ double normcdf(double x);
extern "C" __host__ __device__ double normcdfinv(double x);
extern "C" __host__ __device__ double atan2(double x, double y);
extern "C" __host__ __device__ double copysign(double x, double y);
extern "C" __host__ __device__ double fdim(double x, double y);
extern "C" __host__ __device__ double fmax(double x, double y);
extern "C" __host__ __device__ double fmin(double x, double y);
extern "C" __host__ __device__ double fmod(double x, double y);
extern "C" __host__ __device__ double hypot(double x, double y);
extern "C" __host__ __device__ double nextafter(double x, double y);
extern "C" __host__ __device__ double pow(double x, double y);
extern "C" __host__ __device__ double remainder(double x, double y);
extern "C" __host__ __device__ double fma(double x, double y, double z);
extern "C" __host__ __device__ double frexp(double x, int *exp);
extern "C" __host__ __device__ double ldexp(double x, int exp);
extern "C" __host__ __device__ double scalbn(double x, int n);
extern "C" __host__ __device__ double scalbln(double x, long n);
extern "C" __host__ __device__ double modf(double x, double *iptr);
extern "C" __host__ __device__ double remquo(double x, double y, int *quo);
extern "C" __host__ __device__ double nan(const char *tag);
extern "C" __host__ __device__ double jn(int n, double x);
extern "C" __host__ __device__ double yn(int n, double x);
extern "C" __host__ __device__ int ilogb(double x);
extern "C" __host__ __device__ long lrint(double x);
extern "C" __host__ __device__ long lround(double x);
extern "C" __host__ __device__ long long llrint(double x);
extern "C" __host__ __device__ long long llround(double x);
extern "C" __host__ __device__ void sincos(double x, double *sptr, double *cptr);
extern "C" __host__ __device__ void sincospi(double x, double *sptr, double *cptr);

extern "C" __host__ __device__ float acosf(float x);
extern "C" __host__ __device__ float acoshf(float x);
extern "C" __host__ __device__ float asinf(float x);
extern "C" __host__ __device__ float asinhf(float x);
extern "C" __host__ __device__ float atanf(float x);
extern "C" __host__ __device__ float atanhf(float x);
extern "C" __host__ __device__ float cbrtf(float x);
extern "C" __host__ __device__ float ceilf(float x);
extern "C" __host__ __device__ float cosf(float x);
extern "C" __host__ __device__ float coshf(float x);
extern "C" __host__ __device__ float erff(float x);
extern "C" __host__ __device__ float erfcf(float x);
extern "C" __host__ __device__ float erfcinvf(float x);
extern "C" __host__ __device__ float erfinvf(float x);
extern "C" __host__ __device__ float expf(float x);
extern "C" __host__ __device__ float exp2f(float x);
extern "C" __host__ __device__ float exp10f(float x);
extern "C" __host__ __device__ float expm1f(float x);
extern "C" __host__ __device__ float fabsf(float x);
extern "C" __host__ __device__ float floorf(float x);
extern "C" __host__ __device__ float lgammaf(float x);
extern "C" __host__ __device__ float logf(float x);
extern "C" __host__ __device__ float log10f(float x);
extern "C" __host__ __device__ float log1pf(float x);
extern "C" __host__ __device__ float log2f(float x);
extern "C" __host__ __device__ float logbf(float x);
extern "C" __host__ __device__ float nearbyintf(float x);
extern "C" __host__ __device__ float rintf(float x);
extern "C" __host__ __device__ float roundf(float x);
extern "C" __host__ __device__ float rsqrtf(float x);
extern "C" __host__ __device__ float rcbrtf(float x);
extern "C" __host__ __device__ float sinf(float x);
extern "C" __host__ __device__ float sinhf(float x);
extern "C" __host__ __device__ float sinpif(float x);
extern "C" __host__ __device__ float cospif(float x);
extern "C" __host__ __device__ float sqrtf(float x);
extern "C" __host__ __device__ float tanf(float x);
extern "C" __host__ __device__ float tanhf(float x);
extern "C" __host__ __device__ float tgammaf(float x);
extern "C" __host__ __device__ float truncf(float x);
extern "C" __host__ __device__ float j0f(float x);
extern "C" __host__ __device__ float j1f(float x);
extern "C" __host__ __device__ float y0f(float x);
extern "C" __host__ __device__ float y1f(float x);
extern "C" __host__ __device__ float normcdff(float x);
extern "C" __host__ __device__ float normcdfinvf(float x);
extern "C" __host__ __device__ float atan2f(float x, float y);
extern "C" __host__ __device__ float copysignf(float x, float y);
extern "C" __host__ __device__ float fdimf(float x, float y);
extern "C" __host__ __device__ float fmaxf(float x, float y);
extern "C" __host__ __device__ float fminf(float x, float y);
extern "C" __host__ __device__ float fmodf(float x, float y);
extern "C" __host__ __device__ float hypotf(float x, float y);
extern "C" __host__ __device__ float nextafterf(float x, float y);
extern "C" __host__ __device__ float powf(float x, float y);
extern "C" __host__ __device__ float remainderf(float x, float y);
extern "C" __host__ __device__ float fmaf(float x, float y, float z);
extern "C" __host__ __device__ float frexpf(float x, int *exp);
extern "C" __host__ __device__ float ldexpf(float x, int exp);
extern "C" __host__ __device__ float scalbnf(float x, int n);
extern "C" __host__ __device__ float scalblnf(float x, long n);
extern "C" __host__ __device__ float modff(float x, float *iptr);
extern "C" __host__ __device__ float remquof(float x, float y, int *quo);
extern "C" __host__ __device__ float nanf(const char *tag);
extern "C" __host__ __device__ float jnf(int n, float x);
extern "C" __host__ __device__ float ynf(int n, float x);
extern "C" __host__ __device__ int ilogbf(float x);
extern "C" __host__ __device__ long lrintf(float x);
extern "C" __host__ __device__ long lroundf(float x);
extern "C" __host__ __device__ long long llrintf(float x);
extern "C" __host__ __device__ long long llroundf(float x);
extern "C" __host__ __device__ void sincosf(float x, float *sptr, float *cptr);
extern "C" __host__ __device__ void sincospif(float x, float *sptr, float *cptr);

/* Classification (isnan, isinf, isfinite, signbit: C's macros, C++'s overloads) is the
 * device math library's unit oxicc_math/classify.cuh, linked where a kernel names it. */
