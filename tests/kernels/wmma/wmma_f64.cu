// harness-arch: sm_80
// WMMA f64 m8n8k4 (cuda-samples' dmmaTensorCoreGemm): D = A·B + C over K = 8 (two steps),
// A 8×8 row-major, B 8×8 column-major, C and D row-major.
#include <mma.h>
using namespace nvcuda;

__global__ void wmma_f64(const double *a, const double *b, const double *c, double *d) {
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
    wmma::load_matrix_sync(acc, c, 8, wmma::mem_row_major);
    for (int k = 0; k < 8; k += 4) {
        wmma::load_matrix_sync(fa, a + k, 8);
        wmma::load_matrix_sync(fb, b + k, 8);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(d, acc, 8, wmma::mem_row_major);
}
