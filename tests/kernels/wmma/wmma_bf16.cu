// harness-arch: sm_80
// WMMA bf16 → f32 m16n16k16: D = A·B + 0, A row-major 16×16, B column-major.
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

__global__ void wmma_bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}
