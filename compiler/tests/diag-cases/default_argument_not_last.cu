// expect: 2: default argument not at end of parameter list
__device__ int scale(int v, int step = 16, int bias) { return v * step + bias; }
__global__ void k(int* p) { p[0] = scale(p[1], 2, 3); }
