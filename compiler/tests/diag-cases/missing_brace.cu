// expect: 6: expected
__global__ void k(int* p) {
    if (p) {
        p[0] = 1;
    
