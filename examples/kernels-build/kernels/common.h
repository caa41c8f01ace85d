// Shared by the kernels: editing it reruns build.rs (oxicc-build reports every file the
// preprocessor opened to cargo).
#pragma once
#define GRID_STRIDE_LOOP(i, n) \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)
