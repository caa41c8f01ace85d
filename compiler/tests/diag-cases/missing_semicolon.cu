// expect: 4: expected `;`
__global__ void k(int* p) {
    int a = 1
    p[0] = a;
}
