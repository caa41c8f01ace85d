// expect: 3: only nonstatic member functions may be virtual
struct Factory {
    __device__ virtual static int make() { return 1; }
};
__global__ void k(int* o) { o[0] = Factory::make(); }
