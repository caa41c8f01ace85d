/* oxicc built-in header: the sm_61 integer dot products (`__dp4a`, `__dp2a_lo`, `__dp2a_hi`),
 * written for oxicc from the CUDA Math API's description. Each is one PTX `dp4a`/`dp2a`
 * instruction, as nvcc emits them: four (two) 8-bit (16-bit) products of a's and b's lanes
 * summed onto c; `_lo`/`_hi` take b's low or high two bytes. */
#pragma once
#include <vector_types.h>

static __device__ __forceinline__ int __dp4a(int a, int b, int c) {
    int d;
    asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
static __device__ __forceinline__ unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
    unsigned int d;
    asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
static __device__ __forceinline__ int __dp4a(char4 a, char4 b, int c) {
    return __dp4a(*reinterpret_cast<int *>(&a), *reinterpret_cast<int *>(&b), c);
}
static __device__ __forceinline__ unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
    return __dp4a(*reinterpret_cast<unsigned int *>(&a), *reinterpret_cast<unsigned int *>(&b), c);
}
static __device__ __forceinline__ int __dp2a_lo(int a, int b, int c) {
    int d;
    asm("dp2a.lo.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
static __device__ __forceinline__ unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) {
    unsigned int d;
    asm("dp2a.lo.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
static __device__ __forceinline__ int __dp2a_hi(int a, int b, int c) {
    int d;
    asm("dp2a.hi.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
static __device__ __forceinline__ unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) {
    unsigned int d;
    asm("dp2a.hi.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
