// expect: 3: initializer not allowed for __shared__
__global__ void k(int* p) {
    __shared__ int s = 5;
    p[0] = s;
}
