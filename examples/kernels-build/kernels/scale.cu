#include "common.h"

// A template kernel: build.rs asks for scale<float, 4> and scale<int, 3>, and the
// generated module gives their lowered names.
template <typename T, int N>
__global__ void scale(T *x, int n) {
  GRID_STRIDE_LOOP(i, n) { x[i] *= T(N); }
}
