// expect-warning: 4: integer conversion resulted in truncation
// expect-warning: 4: integer conversion resulted in a change of sign
// Warnings only: the kernel compiles.
__global__ void k(char *o) { char c = 300; unsigned u = -1; o[0] = c + u; }
