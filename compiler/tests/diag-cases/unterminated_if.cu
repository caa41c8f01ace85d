// expect: 2: unterminated
#ifdef SOMETHING
__global__ void k(int* p) { p[0] = 1; }
