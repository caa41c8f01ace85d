// expect: 3: "x" has already been declared in the current scope
// The outermost block of a function shares its parameters' scope.
__device__ int f(int x) { int x = 2; return x; }
__global__ void k(int *o) { o[0] = f(o[1]); }
