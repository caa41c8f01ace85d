// harness-arch: sm_80
// WMMA u8 → s32 m16n16k16 (cuda-samples' immaTensorCoreGemm types): D = A·B + C, A
// row-major, B column-major, C and D row-major.
#include <mma.h>
#include <stdint.h>
using namespace nvcuda;

__global__ void wmma_u8(const uint8_t *a, const uint8_t *b, const int *c, int *d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, uint8_t, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, uint8_t, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(acc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}
