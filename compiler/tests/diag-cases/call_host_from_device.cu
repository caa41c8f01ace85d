// expect: 4: calling a __host__ function
int host_only(int x) { return x * 2; }
__global__ void k(int* p) {
    p[0] = host_only(3);
}
