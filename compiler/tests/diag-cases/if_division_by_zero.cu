// expect: 3: division by zero in #if
#define BLOCK 0
#if 256 / BLOCK > 4
#endif
__global__ void k(int* p) { p[0] = 1; }
