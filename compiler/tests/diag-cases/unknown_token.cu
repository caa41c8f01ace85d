// expect: 2: unknown token
__global__ void k(int* p) { int a = 1 @ 2; p[0] = a; }
