#include "common.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  GRID_STRIDE_LOOP(i, n) { y[i] = a * x[i] + y[i]; }
}
