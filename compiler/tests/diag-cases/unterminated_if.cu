// expect: 2: #if
#ifdef SOMETHING
__global__ void k(int* p) { p[0] = 1; }
