/* oxicc built-in header: CUDA's vector types (char2 … double4, dim3) and their make_
 * functions (nvcc's vector_functions.h).
 *
 * Layout follows nvcc: the 2- and 4-element types are aligned to their size (up to 16).
 * dim3 stays under __OXICC_FULL_CXX__: blockDim/gridDim are built into the compiler and
 * its constexpr constructor is host-side launch syntax. */
#pragma once
struct __align__(2) char2 { signed char x, y; };
struct __align__(4) char4 { signed char x, y, z, w; };
struct __align__(2) uchar2 { unsigned char x, y; };
struct __align__(4) uchar4 { unsigned char x, y, z, w; };
struct __align__(4) short2 { short x, y; };
struct __align__(8) short4 { short x, y, z, w; };
struct __align__(8) int2 { int x, y; };
struct int3 { int x, y, z; };
struct __align__(16) int4 { int x, y, z, w; };
struct __align__(8) uint2 { unsigned int x, y; };
struct uint3 { unsigned int x, y, z; };
struct __align__(16) uint4 { unsigned int x, y, z, w; };
struct __align__(8) float2 { float x, y; };
struct float3 { float x, y, z; };
struct __align__(16) float4 { float x, y, z, w; };
struct __align__(16) double2 { double x, y; };
struct double3 { double x, y, z; };
struct __align__(16) double4 { double x, y, z, w; };
struct __align__(16) longlong2 { long long x, y; };
struct __align__(16) ulonglong2 { unsigned long long x, y; };
typedef struct char2 char2;
typedef struct char4 char4;
typedef struct uchar2 uchar2;
typedef struct uchar4 uchar4;
typedef struct short2 short2;
typedef struct short4 short4;
typedef struct int2 int2;
typedef struct int3 int3;
typedef struct int4 int4;
typedef struct uint2 uint2;
typedef struct uint3 uint3;
typedef struct uint4 uint4;
typedef struct float2 float2;
typedef struct float3 float3;
typedef struct float4 float4;
typedef struct double2 double2;
typedef struct double3 double3;
typedef struct double4 double4;
typedef struct longlong2 longlong2;
typedef struct ulonglong2 ulonglong2;

#define __OXICC_MAKE2(T, E) \
    static __inline__ __host__ __device__ T make_##T(E x, E y) { T t; t.x = x; t.y = y; return t; }
#define __OXICC_MAKE3(T, E) \
    static __inline__ __host__ __device__ T make_##T(E x, E y, E z) { \
        T t; t.x = x; t.y = y; t.z = z; return t; }
#define __OXICC_MAKE4(T, E) \
    static __inline__ __host__ __device__ T make_##T(E x, E y, E z, E w) { \
        T t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
__OXICC_MAKE2(int2, int)
__OXICC_MAKE3(int3, int)
__OXICC_MAKE4(int4, int)
__OXICC_MAKE2(uint2, unsigned int)
__OXICC_MAKE3(uint3, unsigned int)
__OXICC_MAKE4(uint4, unsigned int)
__OXICC_MAKE2(float2, float)
__OXICC_MAKE3(float3, float)
__OXICC_MAKE4(float4, float)
__OXICC_MAKE2(double2, double)
__OXICC_MAKE3(double3, double)
__OXICC_MAKE4(double4, double)
#undef __OXICC_MAKE2
#undef __OXICC_MAKE3
#undef __OXICC_MAKE4

#ifdef __OXICC_FULL_CXX__
struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
};
typedef struct dim3 dim3;
#endif
