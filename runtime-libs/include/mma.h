/* oxicc built-in header: <mma.h>: warp matrix multiply-accumulate (nvcuda::wmma), written
 * for oxicc from the CUDA Programming Guide's description of the API and the PTX ISA's
 * `wmma` instructions. Fragments hold each thread's share of a matrix in `x[num_elements]`
 * (the element order is PTX's, which the API leaves opaque: element-wise code such as
 * `frag.x[i] *= alpha` or `__float_to_tf32` works on any order). Every operation is one
 * inline `wmma.load` / `wmma.store` / `wmma.mma` statement (generic addressing), as nvcc's
 * builtins lower to the same instructions:
 * - f16 (m16n16k16, f32 or f16 accumulators), bf16 (m16n16k16), tf32 (m16n16k8), u8/s8
 *   (m16n16k16, int accumulators) on sm_80+ (f16 and 8-bit on sm_75 too), f64 (m8n8k4);
 * - the same f16, bf16 and 8-bit forms for m32n8k16 and m8n32k16 (`__oxicc/mma_m*.h`,
 *   with mixed f16/f32 accumulators there too);
 * - A and B row- or column-major, accumulators in either memory layout (`layout_t`).
 * Not yet: 4-bit and 1-bit types. Generated (the
 * shapes and register counts are a table) and checked by tests/tests/wmma.rs. */
#pragma once
#include <cuda_fp16.h>
#include <cuda_bf16.h>

namespace nvcuda {
namespace wmma {

struct row_major {};
struct col_major {};
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
namespace precision {
struct tf32 {};
} // namespace precision
enum layout_t { mem_row_major, mem_col_major };

namespace __oxicc {
/* Each fragment's element type, storage type and elements per thread (PTX's registers
 * times the elements each holds). */
template <class Use, int M, int N, int K, class T> struct traits;
#define __OXW_TRAITS(USE, M, N, K, T, E, S, COUNT)                                          \
    template <> struct traits<USE, M, N, K, T> {                                           \
        typedef E element;                                                                 \
        typedef S storage;                                                                 \
        static constexpr int elements = COUNT;                                             \
    };
__OXW_TRAITS(matrix_a, 16, 16, 16, __half, __half, __half, 16)
__OXW_TRAITS(matrix_a, 16, 16, 16, __nv_bfloat16, __nv_bfloat16, __nv_bfloat16, 8)
__OXW_TRAITS(matrix_a, 16, 16, 8, precision::tf32, float, float, 4)
__OXW_TRAITS(matrix_a, 16, 16, 16, unsigned char, unsigned char, unsigned char, 8)
__OXW_TRAITS(matrix_a, 16, 16, 16, signed char, signed char, signed char, 8)
__OXW_TRAITS(matrix_a, 8, 8, 4, double, double, double, 1)
__OXW_TRAITS(matrix_b, 16, 16, 16, __half, __half, __half, 16)
__OXW_TRAITS(matrix_b, 16, 16, 16, __nv_bfloat16, __nv_bfloat16, __nv_bfloat16, 8)
__OXW_TRAITS(matrix_b, 16, 16, 8, precision::tf32, float, float, 4)
__OXW_TRAITS(matrix_b, 16, 16, 16, unsigned char, unsigned char, unsigned char, 8)
__OXW_TRAITS(matrix_b, 16, 16, 16, signed char, signed char, signed char, 8)
__OXW_TRAITS(matrix_b, 8, 8, 4, double, double, double, 1)
__OXW_TRAITS(accumulator, 16, 16, 16, float, float, float, 8)
__OXW_TRAITS(accumulator, 16, 16, 16, __half, __half, __half, 8)
__OXW_TRAITS(accumulator, 16, 16, 16, int, int, int, 8)
__OXW_TRAITS(accumulator, 16, 16, 8, float, float, float, 8)
__OXW_TRAITS(accumulator, 8, 8, 4, double, double, double, 2)
/* (The m32n8k16 and m8n32k16 headers at the end use __OXW_TRAITS too.) */
} // namespace __oxicc

/* Aligned to 8 as nvcc's fragments are (alignof 8 for every fragment; sizeof rounded up),
 * which the inline statements also need: they read 16-bit and 8-bit storage as 32-bit
 * registers. */
template <class Use, int M, int N, int K, class T, class Layout = void> class __align__(8) fragment {
public:
    typedef typename __oxicc::traits<Use, M, N, K, T>::element element_type;
    typedef typename __oxicc::traits<Use, M, N, K, T>::storage storage_element_type;
    static constexpr int num_elements = __oxicc::traits<Use, M, N, K, T>::elements;
    /* Spelled out: oxicc does not yet find a member typedef of a class template in the
     * class's own member declarations. */
    typename __oxicc::traits<Use, M, N, K, T>::storage x[__oxicc::traits<Use, M, N, K, T>::elements];
};

template <class Use, int M, int N, int K, class T, class Layout>
__device__ inline void fill_fragment(fragment<Use, M, N, K, T, Layout> &f,
                                     const typename fragment<Use, M, N, K, T, Layout>::element_type &v) {
    for (int i = 0; i < fragment<Use, M, N, K, T, Layout>::num_elements; ++i)
        f.x[i] = v;
}

/* Rounds to TensorFloat-32 (10 mantissa bits, ties away from zero), kept in a float. */
__device__ inline float __float_to_tf32(float in) {
    unsigned int r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(in));
    return __uint_as_float(r);
}

/* --- loads of A and B ------------------------------------------------------------- */

__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 16, __half, row_major> &f, const __half *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 16, __half, col_major> &f, const __half *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m16n16k16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 16, __half, row_major> &f, const __half *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m16n16k16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 16, __half, col_major> &f, const __half *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 16, __nv_bfloat16, row_major> &f, const __nv_bfloat16 *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.bf16 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 16, __nv_bfloat16, col_major> &f, const __nv_bfloat16 *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m16n16k16.bf16 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 16, __nv_bfloat16, row_major> &f, const __nv_bfloat16 *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m16n16k16.bf16 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 16, __nv_bfloat16, col_major> &f, const __nv_bfloat16 *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.bf16 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 8, precision::tf32, row_major> &f, const float *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k8.tf32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 8, precision::tf32, col_major> &f, const float *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m16n16k8.tf32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 8, precision::tf32, row_major> &f, const float *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m16n16k8.tf32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 8, precision::tf32, col_major> &f, const float *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k8.tf32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 16, unsigned char, row_major> &f, const unsigned char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.u8 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 16, unsigned char, col_major> &f, const unsigned char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m16n16k16.u8 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 16, unsigned char, row_major> &f, const unsigned char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m16n16k16.u8 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 16, unsigned char, col_major> &f, const unsigned char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.u8 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 16, signed char, row_major> &f, const signed char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.s8 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 16, signed char, col_major> &f, const signed char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m16n16k16.s8 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 16, signed char, row_major> &f, const signed char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m16n16k16.s8 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 16, signed char, col_major> &f, const signed char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.s8 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 8, 4, double, row_major> &f, const double *p, unsigned ldm) {
    double *r = reinterpret_cast<double *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m8n8k4.f64 {%0}, [%1], %2;"
                 : "=d"(r[0])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 8, 4, double, col_major> &f, const double *p, unsigned ldm) {
    double *r = reinterpret_cast<double *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m8n8k4.f64 {%0}, [%1], %2;"
                 : "=d"(r[0])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 8, 4, double, row_major> &f, const double *p, unsigned ldm) {
    double *r = reinterpret_cast<double *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m8n8k4.f64 {%0}, [%1], %2;"
                 : "=d"(r[0])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 8, 4, double, col_major> &f, const double *p, unsigned ldm) {
    double *r = reinterpret_cast<double *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m8n8k4.f64 {%0}, [%1], %2;"
                 : "=d"(r[0])
                 : "l"(p), "r"(ldm)
                 : "memory");
}

/* --- accumulators --------------------------------------------------------------- */

__device__ inline void load_matrix_sync(fragment<accumulator, 16, 16, 16, float> &f, const float *p, unsigned ldm, layout_t layout) {
    float *r = reinterpret_cast<float *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.load.c.sync.aligned.row.m16n16k16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.load.c.sync.aligned.col.m16n16k16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
}
__device__ inline void store_matrix_sync(float *p, const fragment<accumulator, 16, 16, 16, float> &f, unsigned ldm, layout_t layout) {
    const float *r = reinterpret_cast<const float *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "f"(r[0]), "f"(r[1]), "f"(r[2]), "f"(r[3]), "f"(r[4]), "f"(r[5]), "f"(r[6]), "f"(r[7]), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.store.d.sync.aligned.col.m16n16k16.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "f"(r[0]), "f"(r[1]), "f"(r[2]), "f"(r[3]), "f"(r[4]), "f"(r[5]), "f"(r[6]), "f"(r[7]), "r"(ldm)
                     : "memory");
}
__device__ inline void load_matrix_sync(fragment<accumulator, 16, 16, 16, __half> &f, const __half *p, unsigned ldm, layout_t layout) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.load.c.sync.aligned.row.m16n16k16.f16 {%0, %1, %2, %3}, [%4], %5;"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "l"(p), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.load.c.sync.aligned.col.m16n16k16.f16 {%0, %1, %2, %3}, [%4], %5;"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "l"(p), "r"(ldm)
                     : "memory");
}
__device__ inline void store_matrix_sync(__half *p, const fragment<accumulator, 16, 16, 16, __half> &f, unsigned ldm, layout_t layout) {
    const unsigned int *r = reinterpret_cast<const unsigned int *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.f16 [%0], {%1, %2, %3, %4}, %5;"
                     :
                     : "l"(p), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.store.d.sync.aligned.col.m16n16k16.f16 [%0], {%1, %2, %3, %4}, %5;"
                     :
                     : "l"(p), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(ldm)
                     : "memory");
}
__device__ inline void load_matrix_sync(fragment<accumulator, 16, 16, 16, int> &f, const int *p, unsigned ldm, layout_t layout) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.load.c.sync.aligned.row.m16n16k16.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.load.c.sync.aligned.col.m16n16k16.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
}
__device__ inline void store_matrix_sync(int *p, const fragment<accumulator, 16, 16, 16, int> &f, unsigned ldm, layout_t layout) {
    const unsigned int *r = reinterpret_cast<const unsigned int *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.s32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]), "r"(r[6]), "r"(r[7]), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.store.d.sync.aligned.col.m16n16k16.s32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]), "r"(r[6]), "r"(r[7]), "r"(ldm)
                     : "memory");
}
__device__ inline void load_matrix_sync(fragment<accumulator, 16, 16, 8, float> &f, const float *p, unsigned ldm, layout_t layout) {
    float *r = reinterpret_cast<float *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.load.c.sync.aligned.row.m16n16k8.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.load.c.sync.aligned.col.m16n16k8.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
}
__device__ inline void store_matrix_sync(float *p, const fragment<accumulator, 16, 16, 8, float> &f, unsigned ldm, layout_t layout) {
    const float *r = reinterpret_cast<const float *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.store.d.sync.aligned.row.m16n16k8.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "f"(r[0]), "f"(r[1]), "f"(r[2]), "f"(r[3]), "f"(r[4]), "f"(r[5]), "f"(r[6]), "f"(r[7]), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.store.d.sync.aligned.col.m16n16k8.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "f"(r[0]), "f"(r[1]), "f"(r[2]), "f"(r[3]), "f"(r[4]), "f"(r[5]), "f"(r[6]), "f"(r[7]), "r"(ldm)
                     : "memory");
}
__device__ inline void load_matrix_sync(fragment<accumulator, 8, 8, 4, double> &f, const double *p, unsigned ldm, layout_t layout) {
    double *r = reinterpret_cast<double *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.load.c.sync.aligned.row.m8n8k4.f64 {%0, %1}, [%2], %3;"
                     : "=d"(r[0]), "=d"(r[1])
                     : "l"(p), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.load.c.sync.aligned.col.m8n8k4.f64 {%0, %1}, [%2], %3;"
                     : "=d"(r[0]), "=d"(r[1])
                     : "l"(p), "r"(ldm)
                     : "memory");
}
__device__ inline void store_matrix_sync(double *p, const fragment<accumulator, 8, 8, 4, double> &f, unsigned ldm, layout_t layout) {
    const double *r = reinterpret_cast<const double *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.store.d.sync.aligned.row.m8n8k4.f64 [%0], {%1, %2}, %3;"
                     :
                     : "l"(p), "d"(r[0]), "d"(r[1]), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.store.d.sync.aligned.col.m8n8k4.f64 [%0], {%1, %2}, %3;"
                     :
                     : "l"(p), "d"(r[0]), "d"(r[1]), "r"(ldm)
                     : "memory");
}

/* --- multiply-accumulate: d = a * b + c ----------------------------------------- */

__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, float> &d, const fragment<matrix_a, 16, 16, 16, __half, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __half, row_major> &b, const fragment<accumulator, 16, 16, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m16n16k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, float> &d, const fragment<matrix_a, 16, 16, 16, __half, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __half, col_major> &b, const fragment<accumulator, 16, 16, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, float> &d, const fragment<matrix_a, 16, 16, 16, __half, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __half, row_major> &b, const fragment<accumulator, 16, 16, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m16n16k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, float> &d, const fragment<matrix_a, 16, 16, 16, __half, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __half, col_major> &b, const fragment<accumulator, 16, 16, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m16n16k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, __half> &d, const fragment<matrix_a, 16, 16, 16, __half, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __half, row_major> &b, const fragment<accumulator, 16, 16, 16, __half> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m16n16k16.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, __half> &d, const fragment<matrix_a, 16, 16, 16, __half, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __half, col_major> &b, const fragment<accumulator, 16, 16, 16, __half> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, __half> &d, const fragment<matrix_a, 16, 16, 16, __half, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __half, row_major> &b, const fragment<accumulator, 16, 16, 16, __half> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m16n16k16.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, __half> &d, const fragment<matrix_a, 16, 16, 16, __half, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __half, col_major> &b, const fragment<accumulator, 16, 16, 16, __half> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m16n16k16.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, float> &d, const fragment<matrix_a, 16, 16, 16, __nv_bfloat16, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __nv_bfloat16, row_major> &b, const fragment<accumulator, 16, 16, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m16n16k16.f32.bf16.bf16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, float> &d, const fragment<matrix_a, 16, 16, 16, __nv_bfloat16, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __nv_bfloat16, col_major> &b, const fragment<accumulator, 16, 16, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, float> &d, const fragment<matrix_a, 16, 16, 16, __nv_bfloat16, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __nv_bfloat16, row_major> &b, const fragment<accumulator, 16, 16, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m16n16k16.f32.bf16.bf16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, float> &d, const fragment<matrix_a, 16, 16, 16, __nv_bfloat16, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, __nv_bfloat16, col_major> &b, const fragment<accumulator, 16, 16, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m16n16k16.f32.bf16.bf16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 8, float> &d, const fragment<matrix_a, 16, 16, 8, precision::tf32, row_major> &a,
                               const fragment<matrix_b, 16, 16, 8, precision::tf32, row_major> &b, const fragment<accumulator, 16, 16, 8, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m16n16k8.f32.tf32.tf32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 8, float> &d, const fragment<matrix_a, 16, 16, 8, precision::tf32, row_major> &a,
                               const fragment<matrix_b, 16, 16, 8, precision::tf32, col_major> &b, const fragment<accumulator, 16, 16, 8, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 8, float> &d, const fragment<matrix_a, 16, 16, 8, precision::tf32, col_major> &a,
                               const fragment<matrix_b, 16, 16, 8, precision::tf32, row_major> &b, const fragment<accumulator, 16, 16, 8, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m16n16k8.f32.tf32.tf32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 8, float> &d, const fragment<matrix_a, 16, 16, 8, precision::tf32, col_major> &a,
                               const fragment<matrix_b, 16, 16, 8, precision::tf32, col_major> &b, const fragment<accumulator, 16, 16, 8, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m16n16k8.f32.tf32.tf32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, int> &d, const fragment<matrix_a, 16, 16, 16, unsigned char, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, unsigned char, row_major> &b, const fragment<accumulator, 16, 16, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m16n16k16.s32.u8.u8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, int> &d, const fragment<matrix_a, 16, 16, 16, unsigned char, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, unsigned char, col_major> &b, const fragment<accumulator, 16, 16, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.s32.u8.u8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, int> &d, const fragment<matrix_a, 16, 16, 16, unsigned char, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, unsigned char, row_major> &b, const fragment<accumulator, 16, 16, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m16n16k16.s32.u8.u8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, int> &d, const fragment<matrix_a, 16, 16, 16, unsigned char, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, unsigned char, col_major> &b, const fragment<accumulator, 16, 16, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m16n16k16.s32.u8.u8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, int> &d, const fragment<matrix_a, 16, 16, 16, signed char, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, signed char, row_major> &b, const fragment<accumulator, 16, 16, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m16n16k16.s32.s8.s8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, int> &d, const fragment<matrix_a, 16, 16, 16, signed char, row_major> &a,
                               const fragment<matrix_b, 16, 16, 16, signed char, col_major> &b, const fragment<accumulator, 16, 16, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, int> &d, const fragment<matrix_a, 16, 16, 16, signed char, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, signed char, row_major> &b, const fragment<accumulator, 16, 16, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m16n16k16.s32.s8.s8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 16, int> &d, const fragment<matrix_a, 16, 16, 16, signed char, col_major> &a,
                               const fragment<matrix_b, 16, 16, 16, signed char, col_major> &b, const fragment<accumulator, 16, 16, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m16n16k16.s32.s8.s8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 8, 4, double> &d, const fragment<matrix_a, 8, 8, 4, double, row_major> &a,
                               const fragment<matrix_b, 8, 8, 4, double, row_major> &b, const fragment<accumulator, 8, 8, 4, double> &c) {
    double *rd = reinterpret_cast<double *>(d.x);
    const double *ra = reinterpret_cast<const double *>(a.x);
    const double *rb = reinterpret_cast<const double *>(b.x);
    const double *rc = reinterpret_cast<const double *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m8n8k4.f64.f64.f64.f64.rn {%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=d"(rd[0]), "=d"(rd[1])
                 : "d"(ra[0]),
                   "d"(rb[0]),
                   "d"(rc[0]), "d"(rc[1]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 8, 4, double> &d, const fragment<matrix_a, 8, 8, 4, double, row_major> &a,
                               const fragment<matrix_b, 8, 8, 4, double, col_major> &b, const fragment<accumulator, 8, 8, 4, double> &c) {
    double *rd = reinterpret_cast<double *>(d.x);
    const double *ra = reinterpret_cast<const double *>(a.x);
    const double *rb = reinterpret_cast<const double *>(b.x);
    const double *rc = reinterpret_cast<const double *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64.rn {%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=d"(rd[0]), "=d"(rd[1])
                 : "d"(ra[0]),
                   "d"(rb[0]),
                   "d"(rc[0]), "d"(rc[1]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 8, 4, double> &d, const fragment<matrix_a, 8, 8, 4, double, col_major> &a,
                               const fragment<matrix_b, 8, 8, 4, double, row_major> &b, const fragment<accumulator, 8, 8, 4, double> &c) {
    double *rd = reinterpret_cast<double *>(d.x);
    const double *ra = reinterpret_cast<const double *>(a.x);
    const double *rb = reinterpret_cast<const double *>(b.x);
    const double *rc = reinterpret_cast<const double *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m8n8k4.f64.f64.f64.f64.rn {%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=d"(rd[0]), "=d"(rd[1])
                 : "d"(ra[0]),
                   "d"(rb[0]),
                   "d"(rc[0]), "d"(rc[1]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 8, 4, double> &d, const fragment<matrix_a, 8, 8, 4, double, col_major> &a,
                               const fragment<matrix_b, 8, 8, 4, double, col_major> &b, const fragment<accumulator, 8, 8, 4, double> &c) {
    double *rd = reinterpret_cast<double *>(d.x);
    const double *ra = reinterpret_cast<const double *>(a.x);
    const double *rb = reinterpret_cast<const double *>(b.x);
    const double *rc = reinterpret_cast<const double *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m8n8k4.f64.f64.f64.f64.rn {%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=d"(rd[0]), "=d"(rd[1])
                 : "d"(ra[0]),
                   "d"(rb[0]),
                   "d"(rc[0]), "d"(rc[1]));
}

/* The m32n8k16 and m8n32k16 shapes: their traits and functions. */
#define __OXICC_MMA_SHAPES
#include <__oxicc/mma_m32n8k16.h>
#include <__oxicc/mma_m8n32k16.h>
#undef __OXW_TRAITS

} // namespace wmma
} // namespace nvcuda
