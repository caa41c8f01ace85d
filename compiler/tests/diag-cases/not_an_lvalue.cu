// expect: 3: lvalue
__global__ void k(int* p, int a, int b) {
    (a + b) = 3;
    p[0] = a;
}
