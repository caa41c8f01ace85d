// expect: 4: constant
__global__ void k(int* p, int v) {
    switch (p[0]) {
        case v: p[1] = 1; break;
        default: break;
    }
}
