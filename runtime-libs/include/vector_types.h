/* oxicc built-in header: CUDA's vector types (char2 … double4, dim3) and their make_
 * functions (nvcc's vector_functions.h).
 *
 * Layout follows nvcc: the 2- and 4-element types are aligned to their size (up to 16).
 * dim3 is a class with nvcc's constructor (device code builds it from the built-in
 * `blockDim.x`… members; the built-ins themselves are not objects of it). */
#pragma once
struct __align__(1) char1 { signed char x; };
struct __align__(2) char2 { signed char x, y; };
struct __align__(1) char3 { signed char x, y, z; };
struct __align__(4) char4 { signed char x, y, z, w; };
struct __align__(1) uchar1 { unsigned char x; };
struct __align__(2) uchar2 { unsigned char x, y; };
struct __align__(1) uchar3 { unsigned char x, y, z; };
struct __align__(4) uchar4 { unsigned char x, y, z, w; };
struct __align__(2) short1 { short x; };
struct __align__(4) short2 { short x, y; };
struct __align__(2) short3 { short x, y, z; };
struct __align__(8) short4 { short x, y, z, w; };
struct __align__(2) ushort1 { unsigned short x; };
struct __align__(4) ushort2 { unsigned short x, y; };
struct __align__(2) ushort3 { unsigned short x, y, z; };
struct __align__(8) ushort4 { unsigned short x, y, z, w; };
struct __align__(4) int1 { int x; };
struct __align__(8) int2 { int x, y; };
struct __align__(4) int3 { int x, y, z; };
struct __align__(16) int4 { int x, y, z, w; };
struct __align__(4) uint1 { unsigned int x; };
struct __align__(8) uint2 { unsigned int x, y; };
struct __align__(4) uint3 { unsigned int x, y, z; };
struct __align__(16) uint4 { unsigned int x, y, z, w; };
struct __align__(8) long1 { long x; };
struct __align__(16) long2 { long x, y; };
struct __align__(8) long3 { long x, y, z; };
struct __align__(16) long4 { long x, y, z, w; };
struct __align__(8) ulong1 { unsigned long x; };
struct __align__(16) ulong2 { unsigned long x, y; };
struct __align__(8) ulong3 { unsigned long x, y, z; };
struct __align__(16) ulong4 { unsigned long x, y, z, w; };
struct __align__(8) longlong1 { long long x; };
struct __align__(16) longlong2 { long long x, y; };
struct __align__(8) longlong3 { long long x, y, z; };
struct __align__(16) longlong4 { long long x, y, z, w; };
struct __align__(8) ulonglong1 { unsigned long long x; };
struct __align__(16) ulonglong2 { unsigned long long x, y; };
struct __align__(8) ulonglong3 { unsigned long long x, y, z; };
struct __align__(16) ulonglong4 { unsigned long long x, y, z, w; };
struct __align__(4) float1 { float x; };
struct __align__(8) float2 { float x, y; };
struct __align__(4) float3 { float x, y, z; };
struct __align__(16) float4 { float x, y, z, w; };
struct __align__(8) double1 { double x; };
struct __align__(16) double2 { double x, y; };
struct __align__(8) double3 { double x, y, z; };
struct __align__(16) double4 { double x, y, z, w; };
typedef struct char1 char1;
typedef struct char2 char2;
typedef struct char3 char3;
typedef struct char4 char4;
typedef struct uchar1 uchar1;
typedef struct uchar2 uchar2;
typedef struct uchar3 uchar3;
typedef struct uchar4 uchar4;
typedef struct short1 short1;
typedef struct short2 short2;
typedef struct short3 short3;
typedef struct short4 short4;
typedef struct ushort1 ushort1;
typedef struct ushort2 ushort2;
typedef struct ushort3 ushort3;
typedef struct ushort4 ushort4;
typedef struct int1 int1;
typedef struct int2 int2;
typedef struct int3 int3;
typedef struct int4 int4;
typedef struct uint1 uint1;
typedef struct uint2 uint2;
typedef struct uint3 uint3;
typedef struct uint4 uint4;
typedef struct long1 long1;
typedef struct long2 long2;
typedef struct long3 long3;
typedef struct long4 long4;
typedef struct ulong1 ulong1;
typedef struct ulong2 ulong2;
typedef struct ulong3 ulong3;
typedef struct ulong4 ulong4;
typedef struct longlong1 longlong1;
typedef struct longlong2 longlong2;
typedef struct longlong3 longlong3;
typedef struct longlong4 longlong4;
typedef struct ulonglong1 ulonglong1;
typedef struct ulonglong2 ulonglong2;
typedef struct ulonglong3 ulonglong3;
typedef struct ulonglong4 ulonglong4;
typedef struct float1 float1;
typedef struct float2 float2;
typedef struct float3 float3;
typedef struct float4 float4;
typedef struct double1 double1;
typedef struct double2 double2;
typedef struct double3 double3;
typedef struct double4 double4;

#define __OXICC_MAKE1(T, E) \
    static __inline__ __host__ __device__ T make_##T(E x) { T t; t.x = x; return t; }
#define __OXICC_MAKE2(T, E) \
    static __inline__ __host__ __device__ T make_##T(E x, E y) { T t; t.x = x; t.y = y; return t; }
#define __OXICC_MAKE3(T, E) \
    static __inline__ __host__ __device__ T make_##T(E x, E y, E z) { \
        T t; t.x = x; t.y = y; t.z = z; return t; }
#define __OXICC_MAKE4(T, E) \
    static __inline__ __host__ __device__ T make_##T(E x, E y, E z, E w) { \
        T t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
__OXICC_MAKE1(char1, signed char)
__OXICC_MAKE2(char2, signed char)
__OXICC_MAKE3(char3, signed char)
__OXICC_MAKE4(char4, signed char)
__OXICC_MAKE1(uchar1, unsigned char)
__OXICC_MAKE2(uchar2, unsigned char)
__OXICC_MAKE3(uchar3, unsigned char)
__OXICC_MAKE4(uchar4, unsigned char)
__OXICC_MAKE1(short1, short)
__OXICC_MAKE2(short2, short)
__OXICC_MAKE3(short3, short)
__OXICC_MAKE4(short4, short)
__OXICC_MAKE1(ushort1, unsigned short)
__OXICC_MAKE2(ushort2, unsigned short)
__OXICC_MAKE3(ushort3, unsigned short)
__OXICC_MAKE4(ushort4, unsigned short)
__OXICC_MAKE1(int1, int)
__OXICC_MAKE2(int2, int)
__OXICC_MAKE3(int3, int)
__OXICC_MAKE4(int4, int)
__OXICC_MAKE1(uint1, unsigned int)
__OXICC_MAKE2(uint2, unsigned int)
__OXICC_MAKE3(uint3, unsigned int)
__OXICC_MAKE4(uint4, unsigned int)
__OXICC_MAKE1(long1, long)
__OXICC_MAKE2(long2, long)
__OXICC_MAKE3(long3, long)
__OXICC_MAKE4(long4, long)
__OXICC_MAKE1(ulong1, unsigned long)
__OXICC_MAKE2(ulong2, unsigned long)
__OXICC_MAKE3(ulong3, unsigned long)
__OXICC_MAKE4(ulong4, unsigned long)
__OXICC_MAKE1(longlong1, long long)
__OXICC_MAKE2(longlong2, long long)
__OXICC_MAKE3(longlong3, long long)
__OXICC_MAKE4(longlong4, long long)
__OXICC_MAKE1(ulonglong1, unsigned long long)
__OXICC_MAKE2(ulonglong2, unsigned long long)
__OXICC_MAKE3(ulonglong3, unsigned long long)
__OXICC_MAKE4(ulonglong4, unsigned long long)
__OXICC_MAKE1(float1, float)
__OXICC_MAKE2(float2, float)
__OXICC_MAKE3(float3, float)
__OXICC_MAKE4(float4, float)
__OXICC_MAKE1(double1, double)
__OXICC_MAKE2(double2, double)
__OXICC_MAKE3(double3, double)
__OXICC_MAKE4(double4, double)
#undef __OXICC_MAKE1
#undef __OXICC_MAKE2
#undef __OXICC_MAKE3
#undef __OXICC_MAKE4

struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    /* threadIdx and blockIdx (uint3) convert to dim3, as with CUDA's dim3. Its conversion
     * back to uint3 is built into the compiler: a conversion function here would make
     * every file one that declares operator functions. */
    __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
typedef struct dim3 dim3;
