// expect: 4: "i", declared in for-loop initialization, may not be redeclared in this scope
__global__ void k(int *o) {
    for (int i = 0; i < 2; i++) {
        int i = 5;
        o[i] = i;
    }
}
