// expect: 3: return
__global__ void k(int* p) {
    return 1;
}
