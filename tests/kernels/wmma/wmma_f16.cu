// harness-arch: sm_80
// WMMA f16 → f32 m16n16k16: each of two warps computes a 16×16 tile of D = 2·(A·B + C),
// A (32×32) row-major, B (32×16) column-major, C loaded row-major; D stored both ways.
#include <mma.h>
using namespace nvcuda;

__global__ void wmma_f16(const half *a, const half *b, const float *c, float *d, float *d_col) {
    int w = threadIdx.x / 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::load_matrix_sync(acc, c + w * 256, 16, wmma::mem_row_major);
    for (int k = 0; k < 32; k += 16) {
        wmma::load_matrix_sync(fa, a + w * 16 * 32 + k, 32);
        wmma::load_matrix_sync(fb, b + k, 32);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    for (int i = 0; i < acc.num_elements; ++i)
        acc.x[i] *= 2.0f;
    wmma::store_matrix_sync(d + w * 256, acc, 16, wmma::mem_row_major);
    wmma::store_matrix_sync(d_col + w * 256, acc, 16, wmma::mem_col_major);
}
