// expect: 3: cannot deduce "auto" type (initializer required)
__global__ void k(int* p) {
    auto x;
    p[0] = 1;
}
