// expect: 3: incomplete type "Inc" is not allowed
struct Inc;
struct D : Inc { int x; };
__global__ void k(int* p) { p[0] = 1; }
