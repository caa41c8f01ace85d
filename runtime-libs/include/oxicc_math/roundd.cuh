/* oxicc device math library: square root and fused multiply-add with a directed rounding
 * mode, __fsqrt_r{z,u,d}, __dsqrt_r{z,u,d}, __fmaf_r{z,u,d}, __fma_r{z,u,d}. Each is one
 * PTX instruction (sqrt.rz/.rp/.rm, fma.rz/.rp/.rm), the one nvcc emits, written as inline
 * PTX: the IR has no directed-rounding square root or fma (its directed roundings are add,
 * sub, mul, div), and one instruction needs no IR operation of its own. (Under -ftz=true
 * nvcc adds .ftz to the f32 forms; inline PTX is left as written, so subnormals are kept.) */
#pragma once

extern "C" __device__ __forceinline__ float __fsqrt_rz(float __x)
{
    float __r;
    asm("sqrt.rz.f32 %0, %1;" : "=f"(__r) : "f"(__x));
    return __r;
}
extern "C" __device__ __forceinline__ double __dsqrt_rz(double __x)
{
    double __r;
    asm("sqrt.rz.f64 %0, %1;" : "=d"(__r) : "d"(__x));
    return __r;
}
extern "C" __device__ __forceinline__ float __fmaf_rz(float __a, float __b, float __c)
{
    float __r;
    asm("fma.rz.f32 %0, %1, %2, %3;" : "=f"(__r) : "f"(__a), "f"(__b), "f"(__c));
    return __r;
}
extern "C" __device__ __forceinline__ double __fma_rz(double __a, double __b, double __c)
{
    double __r;
    asm("fma.rz.f64 %0, %1, %2, %3;" : "=d"(__r) : "d"(__a), "d"(__b), "d"(__c));
    return __r;
}

extern "C" __device__ __forceinline__ float __fsqrt_ru(float __x)
{
    float __r;
    asm("sqrt.rp.f32 %0, %1;" : "=f"(__r) : "f"(__x));
    return __r;
}
extern "C" __device__ __forceinline__ double __dsqrt_ru(double __x)
{
    double __r;
    asm("sqrt.rp.f64 %0, %1;" : "=d"(__r) : "d"(__x));
    return __r;
}
extern "C" __device__ __forceinline__ float __fmaf_ru(float __a, float __b, float __c)
{
    float __r;
    asm("fma.rp.f32 %0, %1, %2, %3;" : "=f"(__r) : "f"(__a), "f"(__b), "f"(__c));
    return __r;
}
extern "C" __device__ __forceinline__ double __fma_ru(double __a, double __b, double __c)
{
    double __r;
    asm("fma.rp.f64 %0, %1, %2, %3;" : "=d"(__r) : "d"(__a), "d"(__b), "d"(__c));
    return __r;
}

extern "C" __device__ __forceinline__ float __fsqrt_rd(float __x)
{
    float __r;
    asm("sqrt.rm.f32 %0, %1;" : "=f"(__r) : "f"(__x));
    return __r;
}
extern "C" __device__ __forceinline__ double __dsqrt_rd(double __x)
{
    double __r;
    asm("sqrt.rm.f64 %0, %1;" : "=d"(__r) : "d"(__x));
    return __r;
}
extern "C" __device__ __forceinline__ float __fmaf_rd(float __a, float __b, float __c)
{
    float __r;
    asm("fma.rm.f32 %0, %1, %2, %3;" : "=f"(__r) : "f"(__a), "f"(__b), "f"(__c));
    return __r;
}
extern "C" __device__ __forceinline__ double __fma_rd(double __a, double __b, double __c)
{
    double __r;
    asm("fma.rm.f64 %0, %1, %2, %3;" : "=d"(__r) : "d"(__a), "d"(__b), "d"(__c));
    return __r;
}
