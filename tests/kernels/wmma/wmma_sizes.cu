// harness-arch: sm_80
// sizeof and alignof of m32n8k16 fragments (and one m16n16k16): nvcc's mma.h aligns every
// fragment to 8, so a 4-byte 8-bit B fragment has size 8.
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

#define WM 32
#define WN 8
#define WK 16

// sizeof and alignof of the fragments, compared with the values nvcc's mma.h gives.
__global__ void wmma_sizes(int *out)
{
    out[0] = sizeof(wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::row_major>);
    out[1] = sizeof(wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::col_major>);
    out[2] = sizeof(wmma::fragment<wmma::matrix_a, WM, WN, WK, __nv_bfloat16, wmma::row_major>);
    out[3] = sizeof(wmma::fragment<wmma::matrix_b, WM, WN, WK, __nv_bfloat16, wmma::row_major>);
    out[4] = sizeof(wmma::fragment<wmma::matrix_a, WM, WN, WK, unsigned char, wmma::row_major>);
    out[5] = sizeof(wmma::fragment<wmma::matrix_b, WM, WN, WK, signed char, wmma::col_major>);
    out[6] = sizeof(wmma::fragment<wmma::accumulator, WM, WN, WK, float>);
    out[7] = sizeof(wmma::fragment<wmma::accumulator, WM, WN, WK, half>);
    out[8] = sizeof(wmma::fragment<wmma::accumulator, WM, WN, WK, int>);
    out[9] = alignof(wmma::fragment<wmma::matrix_b, WM, WN, WK, signed char, wmma::col_major>);
    out[10] = alignof(wmma::fragment<wmma::accumulator, WM, WN, WK, half>);
    out[11] = alignof(wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major>);
}
