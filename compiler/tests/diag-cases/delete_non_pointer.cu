// expect: 4: expression must be a pointer to a complete object type
__global__ void k(int* o) {
    int count = o[0];
    delete count;
}
