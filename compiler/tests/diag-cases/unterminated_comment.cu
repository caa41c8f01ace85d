// expect: 3: unterminated comment
__global__ void k(int* p) { p[0] = 1; }
/* this comment never ends
__global__ void j(int* p) { p[0] = 2; }
