// expect: 4: modifiable lvalue
__global__ void k(int* p) {
    const int c = 1;
    c = 2;
    p[0] = c;
}
