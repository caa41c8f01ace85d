// expect: 3: this configuration is not supported
#if __CUDA_ARCH__ >= 700
#error this configuration is not supported
#endif
__global__ void k(int* p) { p[0] = 1; }
