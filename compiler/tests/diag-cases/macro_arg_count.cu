// expect: 4: macro "SQUARE" passed 2 arguments, but takes just 1
// expect-note: 3: macro "SQUARE" defined here
#define SQUARE(x) ((x) * (x))
__global__ void k(int* p) { p[0] = SQUARE(1, 2); }
