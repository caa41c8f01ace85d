/* oxicc built-in header, included by <mma.h> inside `nvcuda::wmma`: the m8n32k16 shape
 * (f16 with f32 or f16 accumulators, bf16, u8/s8 with int accumulators; sm_75+, bf16 sm_80+).
 * Generated from the same table as mma.h's m16n16k16 functions: PTX's register counts for
 * this shape (f16 A and B always 8 registers; bf16 and 8-bit fragments hold each element
 * once) and one inline `wmma` statement per operation, as nvcc's builtins lower them. */
#ifndef __OXICC_MMA_SHAPES
/* Included alone: the shapes come through mma.h, which includes this file again inside
 * `nvcuda::wmma` with __OXICC_MMA_SHAPES defined. */
#include <mma.h>
#elif !defined(__OXICC_MMA_M8N32K16_DONE)
#define __OXICC_MMA_M8N32K16_DONE
namespace __oxicc {
__OXW_TRAITS(matrix_a, 8, 32, 16, __half, __half, __half, 16)
__OXW_TRAITS(matrix_a, 8, 32, 16, __nv_bfloat16, __nv_bfloat16, __nv_bfloat16, 4)
__OXW_TRAITS(matrix_a, 8, 32, 16, unsigned char, unsigned char, unsigned char, 4)
__OXW_TRAITS(matrix_a, 8, 32, 16, signed char, signed char, signed char, 4)
__OXW_TRAITS(matrix_b, 8, 32, 16, __half, __half, __half, 16)
__OXW_TRAITS(matrix_b, 8, 32, 16, __nv_bfloat16, __nv_bfloat16, __nv_bfloat16, 16)
__OXW_TRAITS(matrix_b, 8, 32, 16, unsigned char, unsigned char, unsigned char, 16)
__OXW_TRAITS(matrix_b, 8, 32, 16, signed char, signed char, signed char, 16)
__OXW_TRAITS(accumulator, 8, 32, 16, float, float, float, 8)
__OXW_TRAITS(accumulator, 8, 32, 16, __half, __half, __half, 8)
__OXW_TRAITS(accumulator, 8, 32, 16, int, int, int, 8)
} // namespace __oxicc

__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 32, 16, __half, row_major> &f, const __half *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m8n32k16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 32, 16, __half, col_major> &f, const __half *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m8n32k16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 32, 16, __nv_bfloat16, row_major> &f, const __nv_bfloat16 *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m8n32k16.bf16 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 32, 16, __nv_bfloat16, col_major> &f, const __nv_bfloat16 *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m8n32k16.bf16 {%0, %1}, [%2], %3;"
                 : "=r"(r[0]), "=r"(r[1])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 32, 16, unsigned char, row_major> &f, const unsigned char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m8n32k16.u8 {%0}, [%1], %2;"
                 : "=r"(r[0])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 32, 16, unsigned char, col_major> &f, const unsigned char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m8n32k16.u8 {%0}, [%1], %2;"
                 : "=r"(r[0])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 32, 16, signed char, row_major> &f, const signed char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.row.m8n32k16.s8 {%0}, [%1], %2;"
                 : "=r"(r[0])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_a, 8, 32, 16, signed char, col_major> &f, const signed char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.a.sync.aligned.col.m8n32k16.s8 {%0}, [%1], %2;"
                 : "=r"(r[0])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 32, 16, __half, row_major> &f, const __half *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m8n32k16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 32, 16, __half, col_major> &f, const __half *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m8n32k16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 32, 16, __nv_bfloat16, row_major> &f, const __nv_bfloat16 *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m8n32k16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 32, 16, __nv_bfloat16, col_major> &f, const __nv_bfloat16 *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m8n32k16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 32, 16, unsigned char, row_major> &f, const unsigned char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m8n32k16.u8 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 32, 16, unsigned char, col_major> &f, const unsigned char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m8n32k16.u8 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 32, 16, signed char, row_major> &f, const signed char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.row.m8n32k16.s8 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<matrix_b, 8, 32, 16, signed char, col_major> &f, const signed char *p, unsigned ldm) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    asm volatile("wmma.load.b.sync.aligned.col.m8n32k16.s8 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "l"(p), "r"(ldm)
                 : "memory");
}
__device__ inline void load_matrix_sync(fragment<accumulator, 8, 32, 16, float> &f, const float *p, unsigned ldm, layout_t layout) {
    float *r = reinterpret_cast<float *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.load.c.sync.aligned.row.m8n32k16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.load.c.sync.aligned.col.m8n32k16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=f"(r[0]), "=f"(r[1]), "=f"(r[2]), "=f"(r[3]), "=f"(r[4]), "=f"(r[5]), "=f"(r[6]), "=f"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
}
__device__ inline void store_matrix_sync(float *p, const fragment<accumulator, 8, 32, 16, float> &f, unsigned ldm, layout_t layout) {
    const float *r = reinterpret_cast<const float *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.store.d.sync.aligned.row.m8n32k16.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "f"(r[0]), "f"(r[1]), "f"(r[2]), "f"(r[3]), "f"(r[4]), "f"(r[5]), "f"(r[6]), "f"(r[7]), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.store.d.sync.aligned.col.m8n32k16.f32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "f"(r[0]), "f"(r[1]), "f"(r[2]), "f"(r[3]), "f"(r[4]), "f"(r[5]), "f"(r[6]), "f"(r[7]), "r"(ldm)
                     : "memory");
}
__device__ inline void load_matrix_sync(fragment<accumulator, 8, 32, 16, __half> &f, const __half *p, unsigned ldm, layout_t layout) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.load.c.sync.aligned.row.m8n32k16.f16 {%0, %1, %2, %3}, [%4], %5;"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "l"(p), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.load.c.sync.aligned.col.m8n32k16.f16 {%0, %1, %2, %3}, [%4], %5;"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "l"(p), "r"(ldm)
                     : "memory");
}
__device__ inline void store_matrix_sync(__half *p, const fragment<accumulator, 8, 32, 16, __half> &f, unsigned ldm, layout_t layout) {
    const unsigned int *r = reinterpret_cast<const unsigned int *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.store.d.sync.aligned.row.m8n32k16.f16 [%0], {%1, %2, %3, %4}, %5;"
                     :
                     : "l"(p), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.store.d.sync.aligned.col.m8n32k16.f16 [%0], {%1, %2, %3, %4}, %5;"
                     :
                     : "l"(p), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(ldm)
                     : "memory");
}
__device__ inline void load_matrix_sync(fragment<accumulator, 8, 32, 16, int> &f, const int *p, unsigned ldm, layout_t layout) {
    unsigned int *r = reinterpret_cast<unsigned int *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.load.c.sync.aligned.row.m8n32k16.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.load.c.sync.aligned.col.m8n32k16.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                     : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
                     : "l"(p), "r"(ldm)
                     : "memory");
}
__device__ inline void store_matrix_sync(int *p, const fragment<accumulator, 8, 32, 16, int> &f, unsigned ldm, layout_t layout) {
    const unsigned int *r = reinterpret_cast<const unsigned int *>(f.x);
    if (layout == mem_row_major)
        asm volatile("wmma.store.d.sync.aligned.row.m8n32k16.s32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]), "r"(r[6]), "r"(r[7]), "r"(ldm)
                     : "memory");
    else
        asm volatile("wmma.store.d.sync.aligned.col.m8n32k16.s32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
                     :
                     : "l"(p), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]), "r"(r[6]), "r"(r[7]), "r"(ldm)
                     : "memory");
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __half, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, row_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m8n32k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __half, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, col_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m8n32k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __half, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, row_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m8n32k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __half, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, col_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m8n32k16.f32.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27, %28, %29, %30, %31};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, __half> &d, const fragment<matrix_a, 8, 32, 16, __half, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, row_major> &b, const fragment<accumulator, 8, 32, 16, __half> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m8n32k16.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, __half> &d, const fragment<matrix_a, 8, 32, 16, __half, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, col_major> &b, const fragment<accumulator, 8, 32, 16, __half> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m8n32k16.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, __half> &d, const fragment<matrix_a, 8, 32, 16, __half, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, row_major> &b, const fragment<accumulator, 8, 32, 16, __half> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m8n32k16.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, __half> &d, const fragment<matrix_a, 8, 32, 16, __half, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, col_major> &b, const fragment<accumulator, 8, 32, 16, __half> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m8n32k16.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __half, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, row_major> &b, const fragment<accumulator, 8, 32, 16, __half> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m8n32k16.f32.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __half, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, col_major> &b, const fragment<accumulator, 8, 32, 16, __half> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m8n32k16.f32.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __half, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, row_major> &b, const fragment<accumulator, 8, 32, 16, __half> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m8n32k16.f32.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __half, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, col_major> &b, const fragment<accumulator, 8, 32, 16, __half> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m8n32k16.f32.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11, %12, %13, %14, %15}, {%16, %17, %18, %19, %20, %21, %22, %23}, {%24, %25, %26, %27};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, __half> &d, const fragment<matrix_a, 8, 32, 16, __half, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, row_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m8n32k16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23, %24, %25, %26, %27};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, __half> &d, const fragment<matrix_a, 8, 32, 16, __half, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, col_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m8n32k16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23, %24, %25, %26, %27};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, __half> &d, const fragment<matrix_a, 8, 32, 16, __half, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, row_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m8n32k16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23, %24, %25, %26, %27};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, __half> &d, const fragment<matrix_a, 8, 32, 16, __half, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __half, col_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m8n32k16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19}, {%20, %21, %22, %23, %24, %25, %26, %27};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3])
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(ra[4]), "r"(ra[5]), "r"(ra[6]), "r"(ra[7]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __nv_bfloat16, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __nv_bfloat16, row_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m8n32k16.f32.bf16.bf16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13, %14, %15, %16, %17}, {%18, %19, %20, %21, %22, %23, %24, %25};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __nv_bfloat16, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __nv_bfloat16, col_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m8n32k16.f32.bf16.bf16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13, %14, %15, %16, %17}, {%18, %19, %20, %21, %22, %23, %24, %25};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __nv_bfloat16, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __nv_bfloat16, row_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m8n32k16.f32.bf16.bf16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13, %14, %15, %16, %17}, {%18, %19, %20, %21, %22, %23, %24, %25};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, float> &d, const fragment<matrix_a, 8, 32, 16, __nv_bfloat16, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, __nv_bfloat16, col_major> &b, const fragment<accumulator, 8, 32, 16, float> &c) {
    float *rd = reinterpret_cast<float *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const float *rc = reinterpret_cast<const float *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m8n32k16.f32.bf16.bf16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13, %14, %15, %16, %17}, {%18, %19, %20, %21, %22, %23, %24, %25};"
                 : "=f"(rd[0]), "=f"(rd[1]), "=f"(rd[2]), "=f"(rd[3]), "=f"(rd[4]), "=f"(rd[5]), "=f"(rd[6]), "=f"(rd[7])
                 : "r"(ra[0]), "r"(ra[1]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]), "r"(rb[4]), "r"(rb[5]), "r"(rb[6]), "r"(rb[7]),
                   "f"(rc[0]), "f"(rc[1]), "f"(rc[2]), "f"(rc[3]), "f"(rc[4]), "f"(rc[5]), "f"(rc[6]), "f"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, int> &d, const fragment<matrix_a, 8, 32, 16, unsigned char, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, unsigned char, row_major> &b, const fragment<accumulator, 8, 32, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m8n32k16.s32.u8.u8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8}, {%9, %10, %11, %12}, {%13, %14, %15, %16, %17, %18, %19, %20};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, int> &d, const fragment<matrix_a, 8, 32, 16, unsigned char, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, unsigned char, col_major> &b, const fragment<accumulator, 8, 32, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m8n32k16.s32.u8.u8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8}, {%9, %10, %11, %12}, {%13, %14, %15, %16, %17, %18, %19, %20};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, int> &d, const fragment<matrix_a, 8, 32, 16, unsigned char, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, unsigned char, row_major> &b, const fragment<accumulator, 8, 32, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m8n32k16.s32.u8.u8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8}, {%9, %10, %11, %12}, {%13, %14, %15, %16, %17, %18, %19, %20};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, int> &d, const fragment<matrix_a, 8, 32, 16, unsigned char, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, unsigned char, col_major> &b, const fragment<accumulator, 8, 32, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m8n32k16.s32.u8.u8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8}, {%9, %10, %11, %12}, {%13, %14, %15, %16, %17, %18, %19, %20};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, int> &d, const fragment<matrix_a, 8, 32, 16, signed char, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, signed char, row_major> &b, const fragment<accumulator, 8, 32, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.row.m8n32k16.s32.s8.s8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8}, {%9, %10, %11, %12}, {%13, %14, %15, %16, %17, %18, %19, %20};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, int> &d, const fragment<matrix_a, 8, 32, 16, signed char, row_major> &a,
                               const fragment<matrix_b, 8, 32, 16, signed char, col_major> &b, const fragment<accumulator, 8, 32, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.row.col.m8n32k16.s32.s8.s8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8}, {%9, %10, %11, %12}, {%13, %14, %15, %16, %17, %18, %19, %20};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, int> &d, const fragment<matrix_a, 8, 32, 16, signed char, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, signed char, row_major> &b, const fragment<accumulator, 8, 32, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.row.m8n32k16.s32.s8.s8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8}, {%9, %10, %11, %12}, {%13, %14, %15, %16, %17, %18, %19, %20};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
__device__ inline void mma_sync(fragment<accumulator, 8, 32, 16, int> &d, const fragment<matrix_a, 8, 32, 16, signed char, col_major> &a,
                               const fragment<matrix_b, 8, 32, 16, signed char, col_major> &b, const fragment<accumulator, 8, 32, 16, int> &c) {
    unsigned int *rd = reinterpret_cast<unsigned int *>(d.x);
    const unsigned int *ra = reinterpret_cast<const unsigned int *>(a.x);
    const unsigned int *rb = reinterpret_cast<const unsigned int *>(b.x);
    const unsigned int *rc = reinterpret_cast<const unsigned int *>(c.x);
    asm volatile("wmma.mma.sync.aligned.col.col.m8n32k16.s32.s8.s8.s32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8}, {%9, %10, %11, %12}, {%13, %14, %15, %16, %17, %18, %19, %20};"
                 : "=r"(rd[0]), "=r"(rd[1]), "=r"(rd[2]), "=r"(rd[3]), "=r"(rd[4]), "=r"(rd[5]), "=r"(rd[6]), "=r"(rd[7])
                 : "r"(ra[0]),
                   "r"(rb[0]), "r"(rb[1]), "r"(rb[2]), "r"(rb[3]),
                   "r"(rc[0]), "r"(rc[1]), "r"(rc[2]), "r"(rc[3]), "r"(rc[4]), "r"(rc[5]), "r"(rc[6]), "r"(rc[7]));
}
#endif
