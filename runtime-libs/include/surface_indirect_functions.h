/* oxicc built-in header: surface object reads and writes (surf1Dread<T>, surf2Dwrite, …).
 *
 * Written for oxicc from the CUDA Programming Guide's list of surface object functions.
 * The x coordinate is in bytes; y, z and the layer count elements. Each function is a
 * template over T; the traits class __oxicc_surfel<T> (specialized for 8-, 16-, 32- and
 * 64-bit integers, float and their vectors, 64-bit ones up to 2 components) gives the bits
 * and count of T's components, builds T from them and takes them apart. A read is one
 * __oxicc_suld(BITS, GEOM, VEC, COMP, CLAMP, handle, coords...) per component, a write one
 * __oxicc_sust(BITS, GEOM, VEC, CLAMP, handle, coords..., v0, v1, v2, v3) (docs/textures.md).
 * GEOM: 0 1d, 1 2d, 2 3d, 3 a1d, 4 a2d. CLAMP is the cudaSurfaceBoundaryMode, a constant once
 * the call is inlined, so the three-way choice below folds away. */
#pragma once
#include <driver_types.h>
#include <vector_types.h>

typedef unsigned long long __oxicc_u64;
template <class T> struct __oxicc_surfel;
#define __OXICC_SID(x) (x)
#define __OXICC_SE_S(T, B, E, CV, WV)                                                          \
    template <> struct __oxicc_surfel<T> {                                                     \
        static const int bits = B, vec = 1;                                                            \
        static __device__ __forceinline__ T make(__oxicc_u64 a, __oxicc_u64, __oxicc_u64,     \
                                                 __oxicc_u64) {                                \
            return (T)CV((E)a);                                                                \
        }                                                                                      \
        static __device__ __forceinline__ __oxicc_u64 part(T v, int) { return WV(v); }         \
    };
#define __OXICC_SE_1(T, B, E, CV, WV)                                                          \
    template <> struct __oxicc_surfel<T> {                                                     \
        static const int bits = B, vec = 1;                                                            \
        static __device__ __forceinline__ T make(__oxicc_u64 a, __oxicc_u64, __oxicc_u64,     \
                                                 __oxicc_u64) {                                \
            T r;                                                                               \
            r.x = CV((E)a);                                                                    \
            return r;                                                                          \
        }                                                                                      \
        static __device__ __forceinline__ __oxicc_u64 part(T v, int) { return WV(v.x); }       \
    };
#define __OXICC_SE_2(T, B, E, CV, WV)                                                          \
    template <> struct __oxicc_surfel<T> {                                                     \
        static const int bits = B, vec = 2;                                                            \
        static __device__ __forceinline__ T make(__oxicc_u64 a, __oxicc_u64 b, __oxicc_u64,   \
                                                 __oxicc_u64) {                                \
            T r;                                                                               \
            r.x = CV((E)a);                                                                    \
            r.y = CV((E)b);                                                                    \
            return r;                                                                          \
        }                                                                                      \
        static __device__ __forceinline__ __oxicc_u64 part(T v, int k) {                       \
            return k == 0 ? WV(v.x) : WV(v.y);                                                 \
        }                                                                                      \
    };
#define __OXICC_SE_4(T, B, E, CV, WV)                                                          \
    template <> struct __oxicc_surfel<T> {                                                     \
        static const int bits = B, vec = 4;                                                            \
        static __device__ __forceinline__ T make(__oxicc_u64 a, __oxicc_u64 b, __oxicc_u64 c, \
                                                 __oxicc_u64 d) {                              \
            T r;                                                                               \
            r.x = CV((E)a);                                                                    \
            r.y = CV((E)b);                                                                    \
            r.z = CV((E)c);                                                                    \
            r.w = CV((E)d);                                                                    \
            return r;                                                                          \
        }                                                                                      \
        static __device__ __forceinline__ __oxicc_u64 part(T v, int k) {                       \
            return k == 0 ? WV(v.x) : k == 1 ? WV(v.y) : k == 2 ? WV(v.z) : WV(v.w);           \
        }                                                                                      \
    };
/* Integers travel zero-extended (a store keeps only the low BITS), floats as their bits. */
#define __OXICC_SW8(x) ((__oxicc_u64)(unsigned char)(x))
#define __OXICC_SW16(x) ((__oxicc_u64)(unsigned short)(x))
#define __OXICC_SW32(x) ((__oxicc_u64)(unsigned int)(x))
#define __OXICC_SW64(x) ((__oxicc_u64)(x))
#define __OXICC_SWF(x) ((__oxicc_u64)__float_as_uint(x))
__OXICC_SE_S(char, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_S(signed char, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_S(unsigned char, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_1(char1, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_1(uchar1, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_2(char2, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_2(uchar2, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_4(char4, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_4(uchar4, 8, unsigned char, __OXICC_SID, __OXICC_SW8)
__OXICC_SE_S(short, 16, unsigned short, __OXICC_SID, __OXICC_SW16)
__OXICC_SE_S(unsigned short, 16, unsigned short, __OXICC_SID, __OXICC_SW16)
__OXICC_SE_1(short1, 16, unsigned short, __OXICC_SID, __OXICC_SW16)
__OXICC_SE_1(ushort1, 16, unsigned short, __OXICC_SID, __OXICC_SW16)
__OXICC_SE_2(short2, 16, unsigned short, __OXICC_SID, __OXICC_SW16)
__OXICC_SE_2(ushort2, 16, unsigned short, __OXICC_SID, __OXICC_SW16)
__OXICC_SE_4(short4, 16, unsigned short, __OXICC_SID, __OXICC_SW16)
__OXICC_SE_4(ushort4, 16, unsigned short, __OXICC_SID, __OXICC_SW16)
__OXICC_SE_S(int, 32, unsigned int, __OXICC_SID, __OXICC_SW32)
__OXICC_SE_S(unsigned int, 32, unsigned int, __OXICC_SID, __OXICC_SW32)
__OXICC_SE_1(int1, 32, unsigned int, __OXICC_SID, __OXICC_SW32)
__OXICC_SE_1(uint1, 32, unsigned int, __OXICC_SID, __OXICC_SW32)
__OXICC_SE_2(int2, 32, unsigned int, __OXICC_SID, __OXICC_SW32)
__OXICC_SE_2(uint2, 32, unsigned int, __OXICC_SID, __OXICC_SW32)
__OXICC_SE_4(int4, 32, unsigned int, __OXICC_SID, __OXICC_SW32)
__OXICC_SE_4(uint4, 32, unsigned int, __OXICC_SID, __OXICC_SW32)
__OXICC_SE_S(float, 32, unsigned int, __uint_as_float, __OXICC_SWF)
__OXICC_SE_1(float1, 32, unsigned int, __uint_as_float, __OXICC_SWF)
__OXICC_SE_2(float2, 32, unsigned int, __uint_as_float, __OXICC_SWF)
__OXICC_SE_4(float4, 32, unsigned int, __uint_as_float, __OXICC_SWF)
__OXICC_SE_S(long long, 64, __oxicc_u64, __OXICC_SID, __OXICC_SW64)
__OXICC_SE_S(unsigned long long, 64, __oxicc_u64, __OXICC_SID, __OXICC_SW64)
__OXICC_SE_1(longlong1, 64, __oxicc_u64, __OXICC_SID, __OXICC_SW64)
__OXICC_SE_1(ulonglong1, 64, __oxicc_u64, __OXICC_SID, __OXICC_SW64)
__OXICC_SE_2(longlong2, 64, __oxicc_u64, __OXICC_SID, __OXICC_SW64)
__OXICC_SE_2(ulonglong2, 64, __oxicc_u64, __OXICC_SID, __OXICC_SW64)

/* One component C of a read with geometry G under the boundary mode `mode`. Components past
 * T's count read component C % vec again (the same load; make() ignores them). */
#define __OXICC_SR1(G, C, ...)                                                                 \
    (mode == cudaBoundaryModeZero                                                              \
         ? __oxicc_suld(P::bits, G, P::vec, C % P::vec, 0, __VA_ARGS__)                        \
     : mode == cudaBoundaryModeClamp                                                           \
         ? __oxicc_suld(P::bits, G, P::vec, C % P::vec, 1, __VA_ARGS__)                        \
         : __oxicc_suld(P::bits, G, P::vec, C % P::vec, 2, __VA_ARGS__))
#define __OXICC_SREAD(G, ...)                                                                  \
    typedef __oxicc_surfel<T> P;                                                               \
    return P::make(__OXICC_SR1(G, 0, __VA_ARGS__), __OXICC_SR1(G, 1, __VA_ARGS__),             \
                   __OXICC_SR1(G, 2, __VA_ARGS__), __OXICC_SR1(G, 3, __VA_ARGS__));
/* A write with geometry G under the boundary mode `mode`. */
#define __OXICC_SWRITE(G, ...)                                                                 \
    typedef __oxicc_surfel<T> P;                                                               \
    __oxicc_u64 a = P::part(v, 0), b = P::part(v, 1), c = P::part(v, 2), d = P::part(v, 3);   \
    if (mode == cudaBoundaryModeZero)                                                          \
        __oxicc_sust(P::bits, G, P::vec, 0, __VA_ARGS__, a, b, c, d);                          \
    else if (mode == cudaBoundaryModeClamp)                                                    \
        __oxicc_sust(P::bits, G, P::vec, 1, __VA_ARGS__, a, b, c, d);                          \
    else                                                                                       \
        __oxicc_sust(P::bits, G, P::vec, 2, __VA_ARGS__, a, b, c, d);

#define __OXICC_TRAP cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap
#define __OXICC_SURFFN __device__ __forceinline__
template <class T> __OXICC_SURFFN T surf1Dread(cudaSurfaceObject_t s, int x, __OXICC_TRAP) {
    __OXICC_SREAD(0, s, x)
}
template <class T>
__OXICC_SURFFN T surf2Dread(cudaSurfaceObject_t s, int x, int y, __OXICC_TRAP) {
    __OXICC_SREAD(1, s, x, y)
}
template <class T>
__OXICC_SURFFN T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z, __OXICC_TRAP) {
    __OXICC_SREAD(2, s, x, y, z)
}
template <class T>
__OXICC_SURFFN T surf1DLayeredread(cudaSurfaceObject_t s, int x, int layer, __OXICC_TRAP) {
    __OXICC_SREAD(3, s, layer, x)
}
template <class T>
__OXICC_SURFFN T surf2DLayeredread(cudaSurfaceObject_t s, int x, int y, int layer,
                                   __OXICC_TRAP) {
    __OXICC_SREAD(4, s, layer, x, y)
}
template <class T>
__OXICC_SURFFN void surf1Dwrite(T v, cudaSurfaceObject_t s, int x, __OXICC_TRAP) {
    __OXICC_SWRITE(0, s, x)
}
template <class T>
__OXICC_SURFFN void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y, __OXICC_TRAP) {
    __OXICC_SWRITE(1, s, x, y)
}
template <class T>
__OXICC_SURFFN void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z, __OXICC_TRAP) {
    __OXICC_SWRITE(2, s, x, y, z)
}
template <class T>
__OXICC_SURFFN void surf1DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int layer,
                                       __OXICC_TRAP) {
    __OXICC_SWRITE(3, s, layer, x)
}
template <class T>
__OXICC_SURFFN void surf2DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int y, int layer,
                                       __OXICC_TRAP) {
    __OXICC_SWRITE(4, s, layer, x, y)
}

/* Cubemap surfaces are 2D layered ones whose layers are the faces (`6·layer + face` for a
 * layered cubemap's `layerFace`), as nvcc writes them (`suld.b.a2d`, `sust.b.a2d`). */
template <class T>
__OXICC_SURFFN T surfCubemapread(cudaSurfaceObject_t s, int x, int y, int face, __OXICC_TRAP) {
    __OXICC_SREAD(4, s, face, x, y)
}
template <class T>
__OXICC_SURFFN T surfCubemapLayeredread(cudaSurfaceObject_t s, int x, int y, int layerFace,
                                        __OXICC_TRAP) {
    __OXICC_SREAD(4, s, layerFace, x, y)
}
template <class T>
__OXICC_SURFFN void surfCubemapwrite(T v, cudaSurfaceObject_t s, int x, int y, int face,
                                     __OXICC_TRAP) {
    __OXICC_SWRITE(4, s, face, x, y)
}
template <class T>
__OXICC_SURFFN void surfCubemapLayeredwrite(T v, cudaSurfaceObject_t s, int x, int y,
                                            int layerFace, __OXICC_TRAP) {
    __OXICC_SWRITE(4, s, layerFace, x, y)
}
template <class T>
__OXICC_SURFFN void surfCubemapread(T *r, cudaSurfaceObject_t s, int x, int y, int face,
                                    __OXICC_TRAP) {
    *r = surfCubemapread<T>(s, x, y, face, mode);
}
template <class T>
__OXICC_SURFFN void surfCubemapLayeredread(T *r, cudaSurfaceObject_t s, int x, int y,
                                           int layerFace, __OXICC_TRAP) {
    *r = surfCubemapLayeredread<T>(s, x, y, layerFace, mode);
}

/* The `void surfXDread(T *out, obj, ...)` forms. */
template <class T>
__OXICC_SURFFN void surf1Dread(T *r, cudaSurfaceObject_t s, int x, __OXICC_TRAP) {
    *r = surf1Dread<T>(s, x, mode);
}
template <class T>
__OXICC_SURFFN void surf2Dread(T *r, cudaSurfaceObject_t s, int x, int y, __OXICC_TRAP) {
    *r = surf2Dread<T>(s, x, y, mode);
}
template <class T>
__OXICC_SURFFN void surf3Dread(T *r, cudaSurfaceObject_t s, int x, int y, int z, __OXICC_TRAP) {
    *r = surf3Dread<T>(s, x, y, z, mode);
}
template <class T>
__OXICC_SURFFN void surf1DLayeredread(T *r, cudaSurfaceObject_t s, int x, int layer,
                                      __OXICC_TRAP) {
    *r = surf1DLayeredread<T>(s, x, layer, mode);
}
template <class T>
__OXICC_SURFFN void surf2DLayeredread(T *r, cudaSurfaceObject_t s, int x, int y, int layer,
                                      __OXICC_TRAP) {
    *r = surf2DLayeredread<T>(s, x, y, layer, mode);
}
#undef __OXICC_TRAP
