// harness-arch: sm_80
// WMMA tf32 → f32 m16n16k8: the fragments' floats rounded by __float_to_tf32, as in
// cuda-samples' tf32TensorCoreGemm; D = A·B + C, A 16×8 row-major, B 8×16 column-major,
// C and D column-major.
#include <mma.h>
using namespace nvcuda;

__global__ void wmma_tf32(const float *a, const float *b, const float *c, float *d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::load_matrix_sync(fa, a, 8);
    wmma::load_matrix_sync(fb, b, 8);
    for (int t = 0; t < fa.num_elements; t++)
        fa.x[t] = wmma::__float_to_tf32(fa.x[t]);
    for (int t = 0; t < fb.num_elements; t++)
        fb.x[t] = wmma::__float_to_tf32(fb.x[t]);
    wmma::load_matrix_sync(acc, c, 16, wmma::mem_col_major);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d, acc, 16, wmma::mem_col_major);
}
