// expect: 3: is undefined
__global__ void k(int* p) {
    p[0] = missing_name + 1;
}
