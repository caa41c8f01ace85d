// harness-arch: sm_80
// WMMA m8n32k16, one warp: D = A·B + C for f16 (f32 accumulator loaded from C, and an
// f16 accumulator filled with 0.5), bf16 (f32 accumulator filled with 0), s8 and u8 (int
// accumulators loaded from C), with A and B in both layouts and C/D in both memory layouts.
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

#define WM 8
#define WN 32
#define WK 16

__global__ void wmma_m8n32k16(const half *a, const half *b, const __nv_bfloat16 *ab,
                              const __nv_bfloat16 *bb, const signed char *ai,
                              const signed char *bi, const unsigned char *au,
                              const unsigned char *bu, const float *c, const int *ci,
                              float *d32, half *d16, float *dbf, int *ds8, int *du8)
{
    // f16, f32 accumulator: A row-major, B column-major, C and D row-major.
    wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, WM, WN, WK, float> acc;
    wmma::load_matrix_sync(fa, a, WK);
    wmma::load_matrix_sync(fb, b, WK);
    wmma::load_matrix_sync(acc, c, WN, wmma::mem_row_major);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d32, acc, WN, wmma::mem_row_major);

    // f16, f16 accumulator: A column-major, B row-major, D column-major.
    wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::col_major> fa_c;
    wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::row_major> fb_r;
    wmma::fragment<wmma::accumulator, WM, WN, WK, half> acc16;
    wmma::fill_fragment(acc16, __float2half(0.5f));
    wmma::load_matrix_sync(fa_c, a, WM);
    wmma::load_matrix_sync(fb_r, b, WN);
    wmma::mma_sync(acc16, fa_c, fb_r, acc16);
    wmma::store_matrix_sync(d16, acc16, WM, wmma::mem_col_major);

    // bf16: A and B row-major, D column-major.
    wmma::fragment<wmma::matrix_a, WM, WN, WK, __nv_bfloat16, wmma::row_major> ga;
    wmma::fragment<wmma::matrix_b, WM, WN, WK, __nv_bfloat16, wmma::row_major> gb;
    wmma::fragment<wmma::accumulator, WM, WN, WK, float> gacc;
    wmma::fill_fragment(gacc, 0.0f);
    wmma::load_matrix_sync(ga, ab, WK);
    wmma::load_matrix_sync(gb, bb, WN);
    wmma::mma_sync(gacc, ga, gb, gacc);
    wmma::store_matrix_sync(dbf, gacc, WM, wmma::mem_col_major);

    // s8: A and B column-major, C column-major, D row-major.
    wmma::fragment<wmma::matrix_a, WM, WN, WK, signed char, wmma::col_major> sa;
    wmma::fragment<wmma::matrix_b, WM, WN, WK, signed char, wmma::col_major> sb;
    wmma::fragment<wmma::accumulator, WM, WN, WK, int> sacc;
    wmma::load_matrix_sync(sa, ai, WM);
    wmma::load_matrix_sync(sb, bi, WK);
    wmma::load_matrix_sync(sacc, ci, WM, wmma::mem_col_major);
    wmma::mma_sync(sacc, sa, sb, sacc);
    wmma::store_matrix_sync(ds8, sacc, WN, wmma::mem_row_major);

    // u8: A row-major, B column-major, C and D row-major.
    wmma::fragment<wmma::matrix_a, WM, WN, WK, unsigned char, wmma::row_major> ua;
    wmma::fragment<wmma::matrix_b, WM, WN, WK, unsigned char, wmma::col_major> ub;
    wmma::fragment<wmma::accumulator, WM, WN, WK, int> uacc;
    wmma::load_matrix_sync(ua, au, WK);
    wmma::load_matrix_sync(ub, bu, WK);
    wmma::load_matrix_sync(uacc, ci, WN, wmma::mem_row_major);
    wmma::mma_sync(uacc, ua, ub, uacc);
    wmma::store_matrix_sync(du8, uacc, WN, wmma::mem_row_major);
}
