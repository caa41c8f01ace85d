// expect: 3: integral
__global__ void k(float* p, float a, float b) {
    p[0] = a % b;
}
