// expect: 3: nonvirtual function cannot be declared with "final" modifier
struct Counter {
    __device__ int next() final { return ++n; }
    int n;
};
__global__ void k(int* o) {
    Counter c{0};
    o[0] = c.next();
}
