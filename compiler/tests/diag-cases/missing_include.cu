// expect: 2: no_such_header.h
#include "no_such_header.h"
__global__ void k(int* p) { p[0] = 1; }
