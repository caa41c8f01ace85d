// expect: 3: undeclared identifier
__global__ void k(int* p) {
    p[0] = missing_name + 1;
}
