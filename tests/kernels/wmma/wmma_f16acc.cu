// harness-arch: sm_80
// WMMA f16 → f16 m16n16k16 with A column-major and B row-major: D = A·B + C over K = 32
// (two mma steps, each rounding its sums to f16), C filled with a constant.
#include <mma.h>
using namespace nvcuda;

__global__ void wmma_f16acc(const half *a, const half *b, half *d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> acc;
    wmma::fill_fragment(acc, __float2half(0.75f));
    for (int k = 0; k < 32; k += 16) {
        wmma::load_matrix_sync(fa, a + k * 16, 16); // A is 16×32, column-major: ld 16
        wmma::load_matrix_sync(fb, b + k * 16, 16); // B is 32×16, row-major: ld 16
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}
