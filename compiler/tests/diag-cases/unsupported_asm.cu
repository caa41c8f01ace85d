// expect: 3: not supported
__global__ void k(int* p) {
    asm volatile("membar.gl;");
    p[0] = 1;
}
