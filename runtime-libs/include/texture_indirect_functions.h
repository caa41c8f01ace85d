/* oxicc built-in header: texture object fetches (tex1Dfetch<T>, tex2D<T>, …).
 *
 * Written for oxicc from the CUDA Programming Guide's list of texture object functions.
 * Each function is a template over the texel type T; the traits class __oxicc_texel<T>
 * (specialized for char, signed char, unsigned char, short, unsigned short, int, unsigned int,
 * float and their 1-, 2- and 4-component vectors) says which PTX result kind T needs and
 * builds T from the four components. A component is read with the compiler's primitive
 * __oxicc_tex(KIND, GEOM, MODE, COMP, handle, coords...) (docs/textures.md), which returns
 * its bits as a float; the backend merges the components of one fetch into one `tex`, and
 * components T does not use disappear. Templates are instantiated only for the types a file
 * uses, so the header costs little to include.
 * GEOM: 0 1d, 1 2d, 2 3d, 3 a1d, 4 a2d, 5 cube, 6 acube. MODE: 0 plain, 1 level, 2 grad,
 * 4+c gather of component c. Coordinates are passed in PTX's order, the layer first. */
#pragma once
#include <driver_types.h>
#include <vector_types.h>

/* __oxicc_texel<T>: kind (0 float, 1 signed, 2 unsigned), make(a, b, c, d) from component
 * bits, and vec4, the 4-vector tex2Dgather returns for T. */
template <class T> struct __oxicc_texel;
#define __OXICC_TK_S(T, K, E, V4, CV)                                                          \
    template <> struct __oxicc_texel<T> {                                                      \
        static const int kind = K;                                                                     \
        typedef V4 vec4;                                                                       \
        static __device__ __forceinline__ T make(float a, float, float, float) {               \
            return (T)CV(a);                                                                   \
        }                                                                                      \
    };
#define __OXICC_TK_1(T, K, E, V4, CV)                                                          \
    template <> struct __oxicc_texel<T> {                                                      \
        static const int kind = K;                                                                     \
        typedef V4 vec4;                                                                       \
        static __device__ __forceinline__ T make(float a, float, float, float) {               \
            T r;                                                                               \
            r.x = (E)CV(a);                                                                    \
            return r;                                                                          \
        }                                                                                      \
    };
#define __OXICC_TK_2(T, K, E, V4, CV)                                                          \
    template <> struct __oxicc_texel<T> {                                                      \
        static const int kind = K;                                                                     \
        typedef V4 vec4;                                                                       \
        static __device__ __forceinline__ T make(float a, float b, float, float) {             \
            T r;                                                                               \
            r.x = (E)CV(a);                                                                    \
            r.y = (E)CV(b);                                                                    \
            return r;                                                                          \
        }                                                                                      \
    };
#define __OXICC_TK_4(T, K, E, V4, CV)                                                          \
    template <> struct __oxicc_texel<T> {                                                      \
        static const int kind = K;                                                                     \
        typedef V4 vec4;                                                                       \
        static __device__ __forceinline__ T make(float a, float b, float c, float d) {         \
            T r;                                                                               \
            r.x = (E)CV(a);                                                                    \
            r.y = (E)CV(b);                                                                    \
            r.z = (E)CV(c);                                                                    \
            r.w = (E)CV(d);                                                                    \
            return r;                                                                          \
        }                                                                                      \
    };
#define __OXICC_TF(x) (x)
__OXICC_TK_S(char, 1, char, char4, __float_as_int)
__OXICC_TK_S(signed char, 1, signed char, char4, __float_as_int)
__OXICC_TK_S(unsigned char, 2, unsigned char, uchar4, __float_as_uint)
__OXICC_TK_1(char1, 1, signed char, char4, __float_as_int)
__OXICC_TK_1(uchar1, 2, unsigned char, uchar4, __float_as_uint)
__OXICC_TK_2(char2, 1, signed char, char4, __float_as_int)
__OXICC_TK_2(uchar2, 2, unsigned char, uchar4, __float_as_uint)
__OXICC_TK_4(char4, 1, signed char, char4, __float_as_int)
__OXICC_TK_4(uchar4, 2, unsigned char, uchar4, __float_as_uint)
__OXICC_TK_S(short, 1, short, short4, __float_as_int)
__OXICC_TK_S(unsigned short, 2, unsigned short, ushort4, __float_as_uint)
__OXICC_TK_1(short1, 1, short, short4, __float_as_int)
__OXICC_TK_1(ushort1, 2, unsigned short, ushort4, __float_as_uint)
__OXICC_TK_2(short2, 1, short, short4, __float_as_int)
__OXICC_TK_2(ushort2, 2, unsigned short, ushort4, __float_as_uint)
__OXICC_TK_4(short4, 1, short, short4, __float_as_int)
__OXICC_TK_4(ushort4, 2, unsigned short, ushort4, __float_as_uint)
__OXICC_TK_S(int, 1, int, int4, __float_as_int)
__OXICC_TK_S(unsigned int, 2, unsigned int, uint4, __float_as_uint)
__OXICC_TK_1(int1, 1, int, int4, __float_as_int)
__OXICC_TK_1(uint1, 2, unsigned int, uint4, __float_as_uint)
__OXICC_TK_2(int2, 1, int, int4, __float_as_int)
__OXICC_TK_2(uint2, 2, unsigned int, uint4, __float_as_uint)
__OXICC_TK_4(int4, 1, int, int4, __float_as_int)
__OXICC_TK_4(uint4, 2, unsigned int, uint4, __float_as_uint)
__OXICC_TK_S(float, 0, float, float4, __OXICC_TF)
__OXICC_TK_1(float1, 0, float, float4, __OXICC_TF)
__OXICC_TK_2(float2, 0, float, float4, __OXICC_TF)
__OXICC_TK_4(float4, 0, float, float4, __OXICC_TF)

/* The four components of a fetch with geometry G and mode M, made into T. */
#define __OXICC_FETCH(P, G, M, ...)                                                            \
    __oxicc_texel<T>::make(P(__oxicc_texel<T>::kind, G, M, 0, __VA_ARGS__),                     \
                           P(__oxicc_texel<T>::kind, G, M, 1, __VA_ARGS__),                     \
                           P(__oxicc_texel<T>::kind, G, M, 2, __VA_ARGS__),                     \
                           P(__oxicc_texel<T>::kind, G, M, 3, __VA_ARGS__))
#define __OXICC_TEXFN __device__ __forceinline__

template <class T> __OXICC_TEXFN T tex1Dfetch(cudaTextureObject_t t, int x) {
    return __OXICC_FETCH(__oxicc_texi, 0, 0, t, x);
}
template <class T> __OXICC_TEXFN T tex1D(cudaTextureObject_t t, float x) {
    return __OXICC_FETCH(__oxicc_tex, 0, 0, t, x);
}
template <class T> __OXICC_TEXFN T tex2D(cudaTextureObject_t t, float x, float y) {
    return __OXICC_FETCH(__oxicc_tex, 1, 0, t, x, y);
}
template <class T> __OXICC_TEXFN T tex3D(cudaTextureObject_t t, float x, float y, float z) {
    return __OXICC_FETCH(__oxicc_tex, 2, 0, t, x, y, z);
}
template <class T> __OXICC_TEXFN T tex1DLayered(cudaTextureObject_t t, float x, int layer) {
    return __OXICC_FETCH(__oxicc_tex, 3, 0, t, layer, x);
}
template <class T>
__OXICC_TEXFN T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer) {
    return __OXICC_FETCH(__oxicc_tex, 4, 0, t, layer, x, y);
}
template <class T>
__OXICC_TEXFN T texCubemap(cudaTextureObject_t t, float x, float y, float z) {
    return __OXICC_FETCH(__oxicc_tex, 5, 0, t, x, y, z);
}
template <class T>
__OXICC_TEXFN T texCubemapLayered(cudaTextureObject_t t, float x, float y, float z, int layer) {
    return __OXICC_FETCH(__oxicc_tex, 6, 0, t, layer, x, y, z);
}
template <class T> __OXICC_TEXFN T tex1DLod(cudaTextureObject_t t, float x, float level) {
    return __OXICC_FETCH(__oxicc_tex, 0, 1, t, x, level);
}
template <class T>
__OXICC_TEXFN T tex2DLod(cudaTextureObject_t t, float x, float y, float level) {
    return __OXICC_FETCH(__oxicc_tex, 1, 1, t, x, y, level);
}
template <class T>
__OXICC_TEXFN T tex3DLod(cudaTextureObject_t t, float x, float y, float z, float level) {
    return __OXICC_FETCH(__oxicc_tex, 2, 1, t, x, y, z, level);
}
template <class T>
__OXICC_TEXFN T tex1DLayeredLod(cudaTextureObject_t t, float x, int layer, float level) {
    return __OXICC_FETCH(__oxicc_tex, 3, 1, t, layer, x, level);
}
template <class T>
__OXICC_TEXFN T tex2DLayeredLod(cudaTextureObject_t t, float x, float y, int layer,
                                float level) {
    return __OXICC_FETCH(__oxicc_tex, 4, 1, t, layer, x, y, level);
}
template <class T>
__OXICC_TEXFN T texCubemapLod(cudaTextureObject_t t, float x, float y, float z, float level) {
    return __OXICC_FETCH(__oxicc_tex, 5, 1, t, x, y, z, level);
}
template <class T>
__OXICC_TEXFN T tex1DGrad(cudaTextureObject_t t, float x, float dx, float dy) {
    return __OXICC_FETCH(__oxicc_tex, 0, 2, t, x, dx, dy);
}
template <class T>
__OXICC_TEXFN T tex2DGrad(cudaTextureObject_t t, float x, float y, float2 dx, float2 dy) {
    return __OXICC_FETCH(__oxicc_tex, 1, 2, t, x, y, dx.x, dx.y, dy.x, dy.y);
}
template <class T>
__OXICC_TEXFN T tex3DGrad(cudaTextureObject_t t, float x, float y, float z, float4 dx,
                          float4 dy) {
    return __OXICC_FETCH(__oxicc_tex, 2, 2, t, x, y, z, dx.x, dx.y, dx.z, dy.x, dy.y, dy.z);
}
template <class T>
__OXICC_TEXFN T tex2DLayeredGrad(cudaTextureObject_t t, float x, float y, int layer,
                                 float2 dx, float2 dy) {
    return __OXICC_FETCH(__oxicc_tex, 4, 2, t, layer, x, y, dx.x, dx.y, dy.x, dy.y);
}

/* The `void texXX(T *out, obj, ...)` forms. */
template <class T> __OXICC_TEXFN void tex1Dfetch(T *r, cudaTextureObject_t t, int x) {
    *r = tex1Dfetch<T>(t, x);
}
template <class T> __OXICC_TEXFN void tex1D(T *r, cudaTextureObject_t t, float x) {
    *r = tex1D<T>(t, x);
}
template <class T> __OXICC_TEXFN void tex2D(T *r, cudaTextureObject_t t, float x, float y) {
    *r = tex2D<T>(t, x, y);
}
template <class T>
__OXICC_TEXFN void tex3D(T *r, cudaTextureObject_t t, float x, float y, float z) {
    *r = tex3D<T>(t, x, y, z);
}
template <class T>
__OXICC_TEXFN void tex1DLayered(T *r, cudaTextureObject_t t, float x, int layer) {
    *r = tex1DLayered<T>(t, x, layer);
}
template <class T>
__OXICC_TEXFN void tex2DLayered(T *r, cudaTextureObject_t t, float x, float y, int layer) {
    *r = tex2DLayered<T>(t, x, y, layer);
}
template <class T>
__OXICC_TEXFN void texCubemap(T *r, cudaTextureObject_t t, float x, float y, float z) {
    *r = texCubemap<T>(t, x, y, z);
}
template <class T> __OXICC_TEXFN void tex1DLod(T *r, cudaTextureObject_t t, float x, float l) {
    *r = tex1DLod<T>(t, x, l);
}
template <class T>
__OXICC_TEXFN void tex2DLod(T *r, cudaTextureObject_t t, float x, float y, float l) {
    *r = tex2DLod<T>(t, x, y, l);
}
template <class T>
__OXICC_TEXFN void tex3DLod(T *r, cudaTextureObject_t t, float x, float y, float z, float l) {
    *r = tex3DLod<T>(t, x, y, z, l);
}
template <class T>
__OXICC_TEXFN void tex2DGrad(T *r, cudaTextureObject_t t, float x, float y, float2 dx,
                             float2 dy) {
    *r = tex2DGrad<T>(t, x, y, dx, dy);
}

/* tex2Dgather<T>: component `comp` (0..3: x y z w) of the four texels bilinear filtering at
 * (x, y) would read, as the 4-vector of T's component type (PTX `tld4`). */
#define __OXICC_GATHER(C)                                                                      \
    return __oxicc_texel<V>::make(__oxicc_tex(__oxicc_texel<T>::kind, 1, 4 + C, 0, t, x, y),    \
                                  __oxicc_tex(__oxicc_texel<T>::kind, 1, 4 + C, 1, t, x, y),    \
                                  __oxicc_tex(__oxicc_texel<T>::kind, 1, 4 + C, 2, t, x, y),    \
                                  __oxicc_tex(__oxicc_texel<T>::kind, 1, 4 + C, 3, t, x, y))
template <class T>
__OXICC_TEXFN typename __oxicc_texel<T>::vec4 tex2Dgather(cudaTextureObject_t t, float x,
                                                          float y, int comp = 0) {
    typedef typename __oxicc_texel<T>::vec4 V;
    switch (comp) {
    case 1:
        __OXICC_GATHER(1);
    case 2:
        __OXICC_GATHER(2);
    case 3:
        __OXICC_GATHER(3);
    default:
        __OXICC_GATHER(0);
    }
}
