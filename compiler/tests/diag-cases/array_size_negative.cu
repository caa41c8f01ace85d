// expect: 3: array
__global__ void k(int* p) {
    int a[-4];
    p[0] = a[0];
}
